import type { DrawResult, PrizeView, RewardOffer, WinnerView } from "@wjgj/core";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitWithToken } from "../../../test/answering.ts";
import { multipart, PNG } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedWithRevision, storeResponses } from "../../../test/rewards-fixtures.ts";

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

function creator<T>(method: "GET" | "POST", path: string, params: Record<string, unknown>, by = owner) {
  return call<T>(t.app, method, `prize/${path}`, {
    token: by.token,
    ...(method === "GET" ? { params: params as Record<string, string> } : { json: params }),
  });
}

async function setUp(prizeSet: Record<string, unknown>, prizes: Record<string, unknown>[]) {
  const q = await publishedWithRevision(t, owner);
  const set = await creator("POST", "updatePrizeSet", { questionnaireId: q.id, prizeSet });
  expect(set.body.code, set.body.msg).toBe(200);
  const added: PrizeView[] = [];
  for (const prize of prizes) {
    const res = await creator<PrizeView>("POST", "addPrize", { questionnaireId: q.id, ...prize });
    expect(res.body.code, res.body.msg).toBe(200);
    added.push(res.body.data);
  }
  return { q, prizes: added };
}

function draw(proof: { responseId: number; idempotencyKey: string }) {
  return call<DrawResult>(t.app, "POST", "prize/draw", { json: proof });
}

describe("prize settings and prizes", () => {
  it("stores the settings and prizes and reads them back; odds over 100% are refused", async () => {
    const { q, prizes } = await setUp(
      { enabled: true, limitBy: "device", drawsPerPerson: 2, winnerFields: ["name", "phone", "address"] },
      [
        {
          name: "保温杯",
          prizeType: "physical",
          stock: 5,
          probability: "12.5",
          image: "https://img.example.com/cup.png",
        },
        { name: "九折券", prizeType: "coupon", probability: 30, codes: "A-1\nA-2\nA-3" },
        { name: "谢谢参与", prizeType: "none", probability: 57.5 },
      ],
    );
    const set = await creator<Record<string, unknown>>("GET", "getPrizeSet", { questionnaireId: q.id });
    expect(set.body.data).toMatchObject({
      enabled: true,
      limitBy: "device",
      drawsPerPerson: 2,
      publicWinners: false,
    });
    const list = await creator<PrizeView[]>("GET", "getPrizeList", { questionnaireId: q.id });
    expect(list.body.data.map((p) => [p.name, p.prizeType, p.stock, p.probability])).toEqual([
      ["保温杯", "physical", 5, 12.5],
      ["九折券", "coupon", 3, 30],
      ["谢谢参与", "none", 0, 57.5],
    ]);
    expect(list.body.data[1]?.codesLeft).toBe(3);
    const detail = await creator<PrizeView>("GET", "getPrizeDetail", {
      questionnaireId: q.id,
      prizeId: prizes[0]?.prizeId,
    });
    expect(detail.body.data).toMatchObject({ name: "保温杯", image: "https://img.example.com/cup.png" });

    const over = await creator("POST", "addPrize", {
      questionnaireId: q.id,
      name: "手机",
      prizeType: "physical",
      stock: 1,
      probability: 0.01,
    });
    expect(over.body).toMatchObject({ code: 400, msg: "所有奖品的中奖概率之和不能超过100%" });
    expect(
      (await creator<PrizeView[]>("GET", "getPrizeList", { questionnaireId: q.id })).body.data,
    ).toHaveLength(3);

    const updated = await creator<PrizeView>("POST", "updatePrize", {
      questionnaireId: q.id,
      prizeId: prizes[0]?.prizeId,
      stock: 8,
      probability: 10,
    });
    expect(updated.body.data).toMatchObject({ stock: 8, probability: 10 });
    const removed = await creator("POST", "updatePrize", {
      questionnaireId: q.id,
      prizeId: prizes[2]?.prizeId,
      deleted: true,
    });
    expect(removed.body.code).toBe(200);
    const gone = await creator("GET", "getPrizeDetail", {
      questionnaireId: q.id,
      prizeId: prizes[2]?.prizeId,
    });
    expect(gone.body).toMatchObject({ code: 404, msg: "奖品不存在或已被删除" });
  });

  it("edits a prize in place with an uploaded picture (purpose prizeImage), and takes the picture away", async () => {
    const { q, prizes } = await setUp({ enabled: true }, [
      { name: "保温杯", prizeType: "physical", stock: 5, probability: 10 },
    ]);
    const prizeId = prizes[0]?.prizeId;
    const body = multipart({ id: String(q.id), purpose: "prizeImage" }, { name: "cup.png", data: PNG });
    const uploaded = (
      await t.app.inject({
        method: "POST",
        url: "/wjgj/api/upload/upload",
        payload: body.payload,
        headers: { ...body.headers, token: owner.token },
      })
    ).json() as { code: number; msg: string; data: { url: string } };
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect(uploaded.data.url).toMatch(/^\/uploads\/.+\.png$/);

    const edited = await creator<PrizeView>("POST", "updatePrize", {
      questionnaireId: q.id,
      prizeId,
      name: "定制保温杯",
      image: uploaded.data.url,
      probability: 12,
    });
    expect(edited.body.code, edited.body.msg).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: "定制保温杯",
      image: uploaded.data.url,
      probability: 12,
      stock: 5,
    });
    // Leaving the picture out keeps it; "" takes it away.
    const renamed = await creator<PrizeView>("POST", "updatePrize", {
      questionnaireId: q.id,
      prizeId,
      name: "杯",
    });
    expect(renamed.body.data.image).toBe(uploaded.data.url);
    const cleared = await creator<PrizeView>("POST", "updatePrize", {
      questionnaireId: q.id,
      prizeId,
      image: "",
    });
    expect(cleared.body.data.image).toBe("");

    // A member who may not edit (数据查看) may neither upload a prize picture nor change the prize.
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const refused = (
      await t.app.inject({
        method: "POST",
        url: "/wjgj/api/upload/upload",
        payload: body.payload,
        headers: { ...body.headers, token: viewer.token },
      })
    ).json() as { code: number };
    expect(refused.code).toBe(403);
    const notChanged = await creator(
      "POST",
      "updatePrize",
      { questionnaireId: q.id, prizeId, name: "改" },
      viewer,
    );
    expect(notChanged.body.code).toBe(403);
  });

  it("answers bad input with a Chinese message naming the field", async () => {
    const q = await publishedWithRevision(t, owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "", prizeType: "physical", probability: 1 }, "请填写奖品名称（1-30个字）"],
      [{ name: "杯", prizeType: "gold", probability: 1 }, "请选择奖品类型：实物、优惠券或谢谢参与"],
      [{ name: "杯", prizeType: "physical", probability: 100.5 }, "中奖概率需为0到100之间的数，最多两位小数"],
      [
        { name: "杯", prizeType: "physical", probability: "1.234" },
        "中奖概率需为0到100之间的数，最多两位小数",
      ],
      [{ name: "杯", prizeType: "physical", probability: 1, stock: -1 }, "奖品数量需为0到100000之间的整数"],
      [{ name: "杯", prizeType: "physical", probability: 1, codes: "X1" }, "只有优惠券类奖品可以导入券码"],
      [
        { name: "券", prizeType: "coupon", probability: 1, codes: "A1\nA1" },
        "券码每行一个，1-64个字母、数字或横线，且不能重复",
      ],
    ];
    for (const [params, msg] of cases) {
      const res = await creator("POST", "addPrize", { questionnaireId: q.id, ...params });
      expect(res.body, JSON.stringify(params)).toMatchObject({ code: 400, msg });
    }
    const badSet = await creator("POST", "updatePrizeSet", {
      questionnaireId: q.id,
      prizeSet: { startsAt: "2026-07-01 10:00", endsAt: "2026-06-01 10:00" },
    });
    expect(badSet.body).toMatchObject({ code: 400, msg: "日期需为YYYY-MM-DD格式，且开始日期不晚于结束日期" });
  });
});

describe("the draw", () => {
  it("lets a respondent who submitted draw once, win, fill in the form; the creator sees, exports and sends", async () => {
    const { q } = await setUp({ enabled: true, winnerFields: ["name", "phone"] }, [
      { name: "保温杯", prizeType: "physical", stock: 3, probability: 100 },
    ]);
    const key = "thanks-page-key-001";
    const submitted = await submitWithToken(
      t,
      q.publicId,
      q.revisionId,
      { q1: { optionId: "b" } },
      {
        idempotencyKey: key,
      },
    );
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    // The thank-you screen learns from the reply that there is something to offer.
    expect(submitted.body.data).toMatchObject({ rewards: true });
    const plain = await publishedWithRevision(t, owner);
    const plainReply = await submitWithToken(t, plain.publicId, plain.revisionId, { q1: { optionId: "b" } });
    expect(plainReply.body.data).toMatchObject({ rewards: false });
    const proof = { responseId: submitted.body.data.responseId, idempotencyKey: key };

    const offer = await call<RewardOffer>(t.app, "GET", "prize/getRewardOffer", { params: proof });
    expect(offer.body.data.prize).toEqual({
      prizes: [{ name: "保温杯", image: "", prizeType: "physical" }],
      result: null,
      needsPhone: false,
      publicWinners: false,
    });

    const stranger = await draw({ ...proof, idempotencyKey: "someone-elses-key" });
    expect(stranger.body).toMatchObject({ code: 404, msg: "未找到您的答卷，请提交问卷后再参与" });

    const first = await draw(proof);
    expect(first.body.data).toMatchObject({
      won: true,
      prize: { name: "保温杯", prizeType: "physical" },
      winnerFields: ["name", "phone"],
      winnerFilled: false,
    });
    const again = await draw(proof);
    expect(again.body.data.drawId).toBe(first.body.data.drawId);
    const list = await creator<PrizeView[]>("GET", "getPrizeList", { questionnaireId: q.id });
    expect(list.body.data[0]?.stock).toBe(2);

    const incomplete = await call(t.app, "POST", "prize/submitWinnerInfo", {
      json: { ...proof, name: "李雷" },
    });
    expect(incomplete.body).toMatchObject({ code: 400, msg: "请完整填写领奖信息" });
    expect(incomplete.body.data).toEqual({ errors: [{ field: "phone", message: "请填写手机号" }] });
    const filled = await call(t.app, "POST", "prize/submitWinnerInfo", {
      json: { ...proof, name: "李雷", phone: "13800138000" },
    });
    expect(filled.body.code).toBe(200);
    // Kept sealed at rest (issue #36): the row holds no readable name or phone.
    const stored = await t.db
      .selectFrom("prize_draws")
      .select("winnerInfo")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain("13800138000");
    expect(JSON.stringify(stored)).not.toContain("李雷");

    const winners = await creator<WinnerView[]>("GET", "getWinnerList", { questionnaireId: q.id });
    expect(winners.body.data).toEqual([
      expect.objectContaining({ prizeName: "保温杯", name: "李雷", phone: "13800138000", sent: false }),
    ]);
    const sent = await creator("POST", "markSent", { questionnaireId: q.id, drawId: first.body.data.drawId });
    expect(sent.body).toMatchObject({ code: 200, msg: "已标记为已发放" });
    const after = await creator<WinnerView[]>("GET", "getWinnerList", { questionnaireId: q.id });
    expect(after.body.data[0]?.sent).toBe(true);

    const file = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/prize/exportWinnerList?questionnaireId=${q.id}`,
      headers: { token: owner.token },
    });
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("中奖名单");
    expect(sheet?.getRow(1).values).toContain("奖品");
    expect(sheet?.getRow(2).values).toEqual(
      expect.arrayContaining(["保温杯", "李雷", "13800138000", "已发放"]),
    );
  });

  it("hands each coupon code to one winner only, and shows it to that winner", async () => {
    const { q } = await setUp({ enabled: true }, [
      { name: "九折券", prizeType: "coupon", probability: 100, codes: ["C-1", "C-2"] },
    ]);
    const responses = await storeResponses(t, q, 3);
    const results = [];
    for (const proof of responses) results.push((await draw(proof)).body.data);
    expect(results.map((r) => r.couponCode)).toEqual(["C-1", "C-2", null]);
    expect(results.map((r) => r.won)).toEqual([true, true, false]);
    expect(results[0]?.winnerFields).toEqual([]);
  });

  it("refuses a draw that is off, outside its window, not eligible or over the per-device count", async () => {
    const { q } = await setUp({ enabled: false }, [
      { name: "杯", prizeType: "physical", stock: 9, probability: 100 },
    ]);
    const [one, two] = await storeResponses(t, q, 2);
    if (!one || !two) throw new Error("fixture");
    expect((await draw(one)).body).toMatchObject({ code: 403, msg: "本问卷未开启抽奖" });

    const window = { enabled: true, startsAt: "2026-06-01 12:00", endsAt: "2026-06-02 12:00" };
    await creator("POST", "updatePrizeSet", { questionnaireId: q.id, prizeSet: window });
    expect((await draw(one)).body).toMatchObject({ code: 409, msg: "抽奖尚未开始" });

    const score = { startsAt: null, endsAt: null, eligibility: { kind: "score", minScore: 5 } };
    await creator("POST", "updatePrizeSet", { questionnaireId: q.id, prizeSet: score });
    expect((await draw(one)).body).toMatchObject({ code: 403, msg: "很遗憾，您的答卷不满足抽奖条件" });

    const wrongAnswer = {
      eligibility: {
        kind: "condition",
        condition: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
      },
    };
    await creator("POST", "updatePrizeSet", { questionnaireId: q.id, prizeSet: wrongAnswer });
    expect((await draw(one)).body.code).toBe(403);
    const rightAnswer = {
      eligibility: {
        kind: "condition",
        condition: { kind: "selected", questionId: "q1", optionIds: ["b"], match: "any" },
      },
      limitBy: "device",
      drawsPerPerson: 1,
    };
    await creator("POST", "updatePrizeSet", { questionnaireId: q.id, prizeSet: rightAnswer });
    expect((await draw(one)).body.data.won).toBe(true);
    // The same device answering again has used its one draw.
    await t.db
      .updateTable("responses")
      .set({ deviceId: "shared-phone" })
      .where("id", "in", [one.responseId, two.responseId])
      .execute();
    await t.db.updateTable("prize_draws").set({ deviceId: "shared-phone" }).execute();
    expect((await draw(two)).body).toMatchObject({ code: 429, msg: "您的抽奖次数已用完" });
  });

  it("awards exactly the stock when 1,000 respondents draw at once", async () => {
    const { q, prizes } = await setUp({ enabled: true }, [
      { name: "保温杯", prizeType: "physical", stock: 10, probability: 100 },
    ]);
    const responses = await storeResponses(t, q, 1000);
    const results = await Promise.all(responses.map((proof) => draw(proof)));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.won)).toHaveLength(10);
    const stock = await t.db
      .selectFrom("prizes")
      .select("stock")
      .where("id", "=", prizes[0]?.prizeId ?? 0)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    const draws = await t.db
      .selectFrom("prize_draws")
      .select(["won"])
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(draws).toHaveLength(1000);
    expect(draws.filter((d) => d.won === 1)).toHaveLength(10);
  }, 180_000);
});
