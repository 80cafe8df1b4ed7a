import type {
  AnswerSummary,
  QuestionStatisticsResult,
  Receipt,
  ResultsPage,
  ReviewOutcome,
  SubmitReply,
} from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitWithToken } from "../../../test/answering.ts";
import { download, parseCsv, readSheet, runExport } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildTeamMember, buildUser, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire } from "../../../test/results-fixtures.ts";

/**
 * 审核 (issue #41): with 提交后需审核 on, every submit is pending; owners and 管理员 approve, reject with a reason,
 * in bulk and back to pending; others are refused and change nothing; two reviewers at once: one wins. The
 * respondent's receipt and an SMS say the outcome; the state filters the list and statistics.
 */
let t: TestContext;
let owner: BuiltUser;
let admin: BuiltUser;
let viewer: BuiltUser;
let editor: BuiltUser;
let stranger: BuiltUser;

const definition = buildSurvey([
  {
    id: "club",
    type: "single",
    title: "社团",
    required: true,
    config: {
      options: [
        { id: "a", label: "摄影社" },
        { id: "b", label: "篮球社" },
      ],
    },
  },
  { id: "phone", type: "personal", title: "手机", config: { preset: "mobile" } },
]);

beforeAll(async () => {
  t = await createTestContext();
  [owner, admin, viewer, editor, stranger] = (await Promise.all(
    Array.from({ length: 5 }, () => buildUser(t)),
  )) as [BuiltUser, BuiltUser, BuiltUser, BuiltUser, BuiltUser];
}, 60_000);
afterAll(async () => {
  await t.close();
});

const post = <T>(user: BuiltUser, path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: user.token, json });

async function reviewedQuestionnaire(review = true) {
  const q = await publishedQuestionnaire(t, owner, definition);
  const saved = await post(owner, "questionary/updateQuestionarySet", {
    id: q.id,
    settings: { review: { required: review } },
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
  for (const [member, role] of [
    [admin, "admin"],
    [viewer, "viewer"],
    [editor, "editor"],
  ] as const)
    await buildTeamMember(t, q.id, member, role);
  return q;
}

async function submit(q: { publicId: string; revisionId: number }, club: "a" | "b", phone?: string) {
  const res = await submitWithToken(t, q.publicId, q.revisionId, {
    club: { optionId: club },
    ...(phone ? { phone } : {}),
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as unknown as SubmitReply & { responseId: number; receiptToken: string };
}

const stateOf = async (id: number) =>
  t.db
    .selectFrom("responses")
    .select(["reviewState", "reviewReason", "reviewedBy", "reviewedAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const receiptOf = async (token: string) =>
  (await call<Receipt>(t.app, "GET", "anQuestion/getReceipt", { params: { token } })).body.data;

const reviewSms = (phone: string) =>
  t.db
    .selectFrom("sms_outbox")
    .select(["content", "purpose"])
    .where("phone", "=", phone)
    .where("purpose", "=", "review")
    .orderBy("id")
    .execute();

describe("提交后需审核", () => {
  it("stores submits as pending with the note on the thank-you reply; without review nothing changes", async () => {
    const q = await reviewedQuestionnaire();
    const reply = await submit(q, "a");
    expect(reply.reviewNote).toBe("您的提交将在审核后生效");
    expect(await stateOf(reply.responseId)).toEqual({
      reviewState: "pending",
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
    });
    expect((await receiptOf(reply.receiptToken)).review).toMatchObject({
      state: "pending",
      stateName: "待审核",
    });

    const plain = await reviewedQuestionnaire(false);
    const unreviewed = await submit(plain, "a");
    expect(unreviewed.reviewNote).toBeUndefined();
    expect((await stateOf(unreviewed.responseId)).reviewState).toBeNull();
    expect((await receiptOf(unreviewed.receiptToken)).review).toBeNull();
    const list = await post<ResultsPage<AnswerSummary>>(owner, "answer/getAnswerList", { id: plain.id });
    expect(list.body.data.list[0]?.review).toBeNull();
    // Nothing to review there.
    const refused = await post(owner, "answer/approveAnswers", {
      id: plain.id,
      responseIds: [unreviewed.responseId],
    });
    expect(refused.body).toMatchObject({ code: 404, msg: "没有找到要审核的答卷，请刷新后重试" });
  });

  it("lets the owner and 管理员 decide; viewers, editors and strangers are refused and change nothing", async () => {
    const q = await reviewedQuestionnaire();
    const first = await submit(q, "a");
    const second = await submit(q, "b");

    const before = await tableCounts(t);
    for (const user of [viewer, editor, stranger]) {
      const res = await post(user, "answer/approveAnswers", { id: q.id, responseIds: [first.responseId] });
      expect(res.body.code).toBe(403);
      const rejected = await post(user, "answer/rejectAnswers", {
        id: q.id,
        responseIds: [first.responseId],
        reason: "不符合",
      });
      expect(rejected.body.code).toBe(403);
    }
    expect(await tableCounts(t)).toEqual(before);
    expect((await stateOf(first.responseId)).reviewState).toBe("pending");
    // A viewer still sees the state.
    const seen = await post<ResultsPage<AnswerSummary>>(viewer, "answer/getAnswerList", { id: q.id });
    expect(seen.body.data.list.map((row) => row.review?.state)).toEqual(["pending", "pending"]);

    const approved = await post<ReviewOutcome>(owner, "answer/approveAnswers", {
      id: q.id,
      responseIds: [first.responseId],
    });
    expect(approved.body.data).toEqual({ changed: 1, skipped: 0 });
    expect(await stateOf(first.responseId)).toMatchObject({
      reviewState: "approved",
      reviewedBy: owner.user.id,
    });

    const noReason = await post(admin, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [second.responseId],
    });
    expect(noReason.body).toMatchObject({ code: 400, msg: "请填写拒绝原因（最多200字）" });
    const tooLong = await post(admin, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [second.responseId],
      reason: "长".repeat(201),
    });
    expect(tooLong.body.code).toBe(400);
    const rejected = await post<ReviewOutcome>(admin, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [second.responseId],
      reason: "照片不清晰",
    });
    expect(rejected.body.data).toEqual({ changed: 1, skipped: 0 });
    expect(await stateOf(second.responseId)).toMatchObject({
      reviewState: "rejected",
      reviewReason: "照片不清晰",
      reviewedBy: admin.user.id,
    });
    const receipt = await receiptOf(second.receiptToken);
    expect(receipt.review).toMatchObject({ state: "rejected", stateName: "未通过", reason: "照片不清晰" });
    expect(receipt.review?.reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // 撤销审核: back to pending, the reviewer and reason cleared.
    const undone = await post<ReviewOutcome>(owner, "answer/undoReview", {
      id: q.id,
      responseIds: [second.responseId],
    });
    expect(undone.body.data).toEqual({ changed: 1, skipped: 0 });
    expect(await stateOf(second.responseId)).toEqual({
      reviewState: "pending",
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
    });
    const activity = await t.db
      .selectFrom("team_activity")
      .select(["actorId", "detail"])
      .where("questionnaireId", "=", q.id)
      .where("action", "=", "review")
      .orderBy("id")
      .execute();
    expect(activity).toEqual([
      { actorId: owner.user.id, detail: "通过 1 份" },
      { actorId: admin.user.id, detail: "拒绝 1 份：照片不清晰" },
      { actorId: owner.user.id, detail: "撤销审核 1 份" },
    ]);
  });

  it("decides in bulk only those still pending, and refuses when none is", async () => {
    const q = await reviewedQuestionnaire();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await submit(q, "a")).responseId);
    await post(owner, "answer/rejectAnswers", { id: q.id, responseIds: [ids[0]], reason: "重复报名" });
    const bulk = await post<ReviewOutcome>(admin, "answer/approveAnswers", { id: q.id, responseIds: ids });
    expect(bulk.body.data).toEqual({ changed: 2, skipped: 1 });
    expect((await stateOf(ids[0] as number)).reviewState).toBe("rejected");
    const again = await post(owner, "answer/approveAnswers", { id: q.id, responseIds: ids });
    expect(again.body).toMatchObject({ code: 409, msg: "该答卷已被其他成员审核" });
  });

  it("lets exactly one of two reviewers deciding at once win", async () => {
    const q = await reviewedQuestionnaire();
    for (let round = 0; round < 5; round += 1) {
      const { responseId } = await submit(q, "b");
      const [approve, reject] = await Promise.all([
        post(owner, "answer/approveAnswers", { id: q.id, responseIds: [responseId] }),
        post(admin, "answer/rejectAnswers", { id: q.id, responseIds: [responseId], reason: "名额已满" }),
      ]);
      const codes = [approve.body.code, reject.body.code].sort();
      expect(codes).toEqual([200, 409]);
      const loser = approve.body.code === 409 ? approve : reject;
      expect(loser.body.msg).toBe("该答卷已被其他成员审核");
      const state = await stateOf(responseId);
      expect(state.reviewState).toBe(approve.body.code === 200 ? "approved" : "rejected");
      expect(state.reviewedBy).toBe(approve.body.code === 200 ? owner.user.id : admin.user.id);
    }
  });

  it("queues an SMS to the mobile number answered, within the daily cap", async () => {
    const q = await reviewedQuestionnaire();
    const phone = "13912340041";
    const withPhone = await submit(q, "a", phone);
    const withoutPhone = await submit(q, "b");
    await post(owner, "answer/approveAnswers", {
      id: q.id,
      responseIds: [withPhone.responseId, withoutPhone.responseId],
    });
    expect(await reviewSms(phone)).toEqual([
      { purpose: "review", content: `【问卷】您提交的「${definition.title}」已通过审核` },
    ]);
    await post(owner, "answer/undoReview", { id: q.id, responseIds: [withPhone.responseId] });
    await post(owner, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [withPhone.responseId],
      reason: "资料不全",
    });
    expect((await reviewSms(phone)).map((row) => row.content)[1]).toBe(
      `【问卷】您提交的「${definition.title}」未通过审核，原因：资料不全`,
    );
    // Back and forth past the day's cap (10) sends no more.
    for (let i = 0; i < 12; i += 1) {
      await post(owner, "answer/undoReview", { id: q.id, responseIds: [withPhone.responseId] });
      await post(owner, "answer/approveAnswers", { id: q.id, responseIds: [withPhone.responseId] });
    }
    expect(await reviewSms(phone)).toHaveLength(10);
    const outbox = await t.db
      .selectFrom("sms_outbox")
      .select("phone")
      .where("purpose", "=", "review")
      .execute();
    expect(outbox.every((row) => row.phone === phone)).toBe(true);
  });

  it("filters the list, statistics and the export's rows by state; unfiltered numbers count all", async () => {
    const q = await reviewedQuestionnaire();
    const a = await submit(q, "a");
    const b = await submit(q, "b");
    await submit(q, "b");
    await post(owner, "answer/approveAnswers", { id: q.id, responseIds: [a.responseId] });
    await post(owner, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [b.responseId],
      reason: "不符合条件",
    });

    const list = (review?: string) =>
      post<ResultsPage<AnswerSummary>>(owner, "answer/getAnswerList", {
        id: q.id,
        ...(review ? { filter: { review } } : {}),
      });
    expect((await list()).body.data.total).toBe(3);
    expect((await list("pending")).body.data.total).toBe(1);
    const approvedList = (await list("approved")).body.data;
    expect(approvedList.list.map((row) => row.id)).toEqual([a.responseId]);
    expect(approvedList.list[0]?.review).toMatchObject({ state: "approved", stateName: "已通过" });
    const rejected = (await list("rejected")).body.data.list[0];
    expect(rejected?.review).toMatchObject({ state: "rejected", reason: "不符合条件" });
    const bad = await list("maybe");
    expect(bad.body).toMatchObject({ code: 400, msg: "审核状态只能是待审核、已通过或未通过" });

    const stats = async (filter?: Record<string, unknown>) => {
      const res = await post<QuestionStatisticsResult>(owner, "statistics/getQuestionStatistics", {
        id: q.id,
        ...(filter ? { filter } : {}),
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data;
    };
    expect((await stats()).total).toBe(3);
    const approvedStats = await stats({ review: "approved" });
    expect(approvedStats).toMatchObject({ total: 1, filtered: true });
    const club = approvedStats.questions.find((s) => s.questionId === "club");
    expect(club).toMatchObject({
      answered: 1,
      options: expect.arrayContaining([expect.objectContaining({ optionId: "a", count: 1 })]),
    });
    expect((await stats({ review: "pending" })).total).toBe(1);
  });

  it("exports 审核状态 and 审核意见 (xlsx and csv) and filters the rows; without review no such columns", async () => {
    const q = await reviewedQuestionnaire();
    const a = await submit(q, "a");
    const b = await submit(q, "b");
    await submit(q, "a");
    await post(owner, "answer/approveAnswers", { id: q.id, responseIds: [a.responseId] });
    await post(owner, "answer/rejectAnswers", {
      id: q.id,
      responseIds: [b.responseId],
      reason: "不符合条件",
    });

    const xlsx = await runExport(t, owner, q.id, "xlsx");
    const sheet = await readSheet((await download(t, owner.token, q.id, xlsx.id)).rawPayload);
    const header = sheet[0] as string[];
    const stateAt = header.indexOf("审核状态");
    expect(stateAt).toBeGreaterThan(0);
    expect(header[stateAt + 1]).toBe("审核意见");
    const byId = new Map(sheet.slice(1).map((row) => [Number(row[1]), row]));
    expect(byId.get(a.responseId)?.[stateAt]).toBe("已通过");
    expect(byId.get(b.responseId)?.slice(stateAt, stateAt + 2)).toEqual(["未通过", "不符合条件"]);
    expect(sheet).toHaveLength(4);

    const csv = await runExport(t, owner, q.id, "csv", { review: "rejected" });
    const rows = parseCsv(
      (await download(t, owner.token, q.id, csv.id)).rawPayload.toString("utf8").replace(/^\uFEFF/, ""),
    );
    expect(rows.filter((row) => row.length > 1)).toHaveLength(2);
    const csvStateAt = (rows[0] as string[]).indexOf("审核状态");
    expect(rows[1]?.[1]).toBe(String(b.responseId));
    expect(rows[1]?.slice(csvStateAt, csvStateAt + 2)).toEqual(["未通过", "不符合条件"]);

    const plain = await reviewedQuestionnaire(false);
    await submit(plain, "a");
    const plainJob = await runExport(t, owner, plain.id, "xlsx");
    const plainSheet = await readSheet((await download(t, owner.token, plain.id, plainJob.id)).rawPayload);
    expect(plainSheet[0]).not.toContain("审核状态");
    expect(plainSheet[0]).not.toContain("审核意见");
  });
});
