import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, latestCode } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedWithRevision, storeResponses } from "../../../test/rewards-fixtures.ts";
import { fundWallet } from "../../../test/wallet.ts";
import { apiRoutesOf } from "../../http/route.ts";

/**
 * The respondent's reward calls name a response, not a questionnaire (the policy matrix covers the creator's
 * calls): every one of them refuses a response it cannot prove — another response's key, a made-up id —
 * with the same 404, whoever calls (anonymous or logged in, even as the questionnaire's owner), and changes
 * nothing.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const RESPONDENT_CALLS = [
  "prize/draw",
  "prize/getRewardOffer",
  "prize/submitWinnerInfo",
  "redPacket/claimRedPacket",
];

async function rewardRows() {
  const count = async (table: "prize_draws" | "red_packet_claims" | "ledger_transfers") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("c"))
          .executeTakeFirst()
      )?.c ?? 0,
    );
  return {
    draws: await count("prize_draws"),
    claims: await count("red_packet_claims"),
    transfers: await count("ledger_transfers"),
  };
}

describe("respondent reward calls", () => {
  it("are all listed here, and refuse an unproven response for every caller, changing nothing", async () => {
    const listed = apiRoutesOf(t.app)
      .filter(
        (r) => (r.path.startsWith("prize/") || r.path.startsWith("redPacket/")) && r.access === "public",
      )
      .map((r) => r.path)
      .filter((p) => p !== "prize/getPublicWinnerList");
    expect(new Set(listed)).toEqual(new Set(RESPONDENT_CALLS));

    const owner = await buildUser(t);
    await fundWallet(t, owner, 1000);
    const q = await publishedWithRevision(t, owner);
    await call(t.app, "POST", "prize/updatePrizeSet", {
      token: owner.token,
      json: { questionnaireId: q.id, prizeSet: { enabled: true } },
    });
    const packet = await call<{ redPacketId: number }>(t.app, "POST", "redPacket/addRedPacket", {
      token: owner.token,
      json: { questionnaireId: q.id, packetType: "fixed", count: 2, amountFen: 100 },
    });
    const [mine, theirs] = await storeResponses(t, q, 2);
    if (!mine || !theirs) throw new Error("fixture");
    const phone = "13912340000";
    await call(t.app, "POST", "user/sendCode", { params: { phone } });
    const code = await latestCode(t, phone);
    const forged = [
      { responseId: theirs.responseId, idempotencyKey: mine.idempotencyKey },
      { responseId: 99_999, idempotencyKey: mine.idempotencyKey },
    ];
    const before = await rewardRows();
    for (const path of RESPONDENT_CALLS) {
      for (const token of [undefined, owner.token]) {
        for (const proof of forged) {
          const params = { ...proof, redPacketId: packet.body.data.redPacketId, phone, code, name: "李雷" };
          const res = path.includes("get")
            ? await call(t.app, "GET", path, { ...(token ? { token } : {}), params })
            : await call(t.app, "POST", path, { ...(token ? { token } : {}), json: params });
          expect(res.body, `${path} ${token ? "owner" : "anonymous"}`).toMatchObject({
            code: 404,
            msg: "未找到您的答卷，请提交问卷后再参与",
          });
        }
      }
    }
    expect(await rewardRows()).toEqual(before);
  });
});
