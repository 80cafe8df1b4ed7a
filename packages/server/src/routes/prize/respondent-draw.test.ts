import type { DrawResult, PublicWinnerView, RewardOffer } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedWithRevision, storeResponses } from "../../../test/rewards-fixtures.ts";
import { sendPhoneCode } from "../../commands/account/phone-codes.ts";

/** Issue #17's leftovers on the respondent's side: draws counted per verified phone, the public list. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
async function freshCode(phone: string) {
  ipSeq += 1;
  await sendPhoneCode(t.ctx, { phone, purpose: "draw", ip: `10.9.${ipSeq >> 8}.${ipSeq & 255}` });
  return latestCode(t, phone);
}

async function drawSetUp(prizeSet: Record<string, unknown>) {
  const owner = await buildUser(t);
  const q = await publishedWithRevision(t, owner);
  const by = { token: owner.token };
  const set = await call(t.app, "POST", "prize/updatePrizeSet", {
    ...by,
    json: { questionnaireId: q.id, prizeSet: { enabled: true, ...prizeSet } },
  });
  expect(set.body.code, set.body.msg).toBe(200);
  const prize = await call(t.app, "POST", "prize/addPrize", {
    ...by,
    json: { questionnaireId: q.id, name: "保温杯", prizeType: "physical", stock: 10, probability: 100 },
  });
  expect(prize.body.code, prize.body.msg).toBe(200);
  return { owner, q };
}

function draw(params: Record<string, unknown>) {
  return call<DrawResult>(t.app, "POST", "prize/draw", { json: params });
}

describe("draws counted per phone", () => {
  it("ask for a verified phone first, and count each phone's draws across responses", async () => {
    const { q } = await drawSetUp({ limitBy: "phone", drawsPerPerson: 1 });
    const [one, two, three] = await storeResponses(t, q, 3);
    if (!one || !two || !three) throw new Error("fixture");

    const offer = await call<RewardOffer>(t.app, "GET", "prize/getRewardOffer", {
      params: { responseId: String(one.responseId), idempotencyKey: one.idempotencyKey },
    });
    expect(offer.body.data.prize).toMatchObject({ needsPhone: true, publicWinners: false, result: null });

    const bare = await draw(one);
    expect(bare.body).toMatchObject({ code: 400, msg: "本次抽奖需先验证手机号，请填写手机号和验证码" });
    expect(bare.body.data).toMatchObject({
      errors: [
        { field: "phone", message: "请填写手机号" },
        { field: "code", message: "请填写验证码" },
      ],
    });

    const phone = nextPhone();
    const code = await freshCode(phone);
    const wrong = await draw({ ...one, phone, code: code === "000000" ? "111111" : "000000" });
    expect(wrong.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    expect(
      await t.db.selectFrom("prize_draws").select("id").where("questionnaireId", "=", q.id).execute(),
    ).toEqual([]);

    const won = await draw({ ...one, phone, code });
    expect(won.body.data).toMatchObject({ won: true, prize: { name: "保温杯" } });
    const stored = await t.db
      .selectFrom("prize_draws")
      .select("phone")
      .where("responseId", "=", one.responseId)
      .executeTakeFirstOrThrow();
    // Kept as its keyed digest (issue #36), which still counts the phone's draws below.
    expect(stored.phone).toMatch(/^h:/);
    expect(stored.phone).not.toContain(phone);

    // Another response (another device) with the same phone: that phone's one draw is used.
    t.clock.advance(61);
    const again = await draw({ ...two, phone, code: await freshCode(phone) });
    expect(again.body).toMatchObject({ code: 429, msg: "您的抽奖次数已用完" });
    // The refused draw took nothing from stock; another phone still draws.
    const other = nextPhone();
    const ok = await draw({ ...three, phone: other, code: await freshCode(other) });
    expect(ok.body.data.won).toBe(true);
    const stock = await t.db
      .selectFrom("prizes")
      .select("stock")
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(8);
  });
});

describe("the public winners list", () => {
  it("shows masked winners only when the creator makes the list public", async () => {
    const { owner, q } = await drawSetUp({ winnerFields: ["name", "phone"] });
    const [one] = await storeResponses(t, q, 1);
    if (!one) throw new Error("fixture");
    expect((await draw(one)).body.data.won).toBe(true);
    const form = await call(t.app, "POST", "prize/submitWinnerInfo", {
      json: { ...one, name: "韩梅梅", phone: "13812345678" },
    });
    expect(form.body.code, form.body.msg).toBe(200);
    const list = () =>
      call<PublicWinnerView[]>(t.app, "GET", "prize/getPublicWinnerList", {
        params: { publicId: q.publicId },
      });

    expect((await list()).body.data).toEqual([]);
    await call(t.app, "POST", "prize/updatePrizeSet", {
      token: owner.token,
      json: { questionnaireId: q.id, prizeSet: { publicWinners: true } },
    });
    const shown = (await list()).body.data;
    expect(shown).toEqual([
      { prizeName: "保温杯", name: "韩**", phone: "138****5678", createdAt: expect.any(String) },
    ]);
    const offer = await call<RewardOffer>(t.app, "GET", "prize/getRewardOffer", {
      params: { responseId: String(one.responseId), idempotencyKey: one.idempotencyKey },
    });
    expect(offer.body.data.prize).toMatchObject({ needsPhone: false, publicWinners: true });
    expect(offer.body.data.publicId).toBe(q.publicId);

    const unknown = await call(t.app, "GET", "prize/getPublicWinnerList", {
      params: { publicId: "zzzzzzzz" },
    });
    expect(unknown.body.code).toBe(404);
  });
});

describe("the same draw pressed twice at once", () => {
  it.each(["device", "phone"] as const)(
    "answers both presses with the one result when counted per %s",
    async (limitBy) => {
      const { q } = await drawSetUp({ limitBy, drawsPerPerson: 1 });
      const responses = await storeResponses(t, q, 8);
      for (const proof of responses) {
        const phone = limitBy === "phone" ? nextPhone() : undefined;
        const verified = phone ? { phone, code: await freshCode(phone) } : {};
        const [first, second] = await Promise.all([
          draw({ ...proof, ...verified }),
          draw({ ...proof, ...verified }),
        ]);
        expect(first.body.code, first.body.msg).toBe(200);
        expect(second.body, "the second press of the same draw").toEqual(first.body);
      }
    },
  );
});
