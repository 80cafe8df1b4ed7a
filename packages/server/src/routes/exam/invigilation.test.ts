import { EXAM_GRACE_SECONDS, type ExamLive, type ExamTimelineEvent, messages } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  attemptCall,
  attemptRows,
  examWith,
  insertCandidate,
  responseRows,
  right,
  started,
  submitAttempt,
} from "../../../test/exam-attempts.ts";
import { multipart } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { sweepExpiredAttempts } from "../../commands/exams/hand-in.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const MINUTE = 60;

const invigilate = <T>(action: string, json: Record<string, unknown>, by: BuiltUser = owner) =>
  call<T>(t.app, action.startsWith("get") ? "GET" : "POST", `exam/${action}`, {
    token: by.token,
    ...(action.startsWith("get") ? { params: json as Record<string, number> } : { json }),
  });

describe("page leaves", () => {
  it("past the 切屏 limit end the attempt and store its saved answers once", async () => {
    const q = await examWith(t, owner, { fullscreen: true }, undefined, { tabSwitchLimit: 2 });
    const s = await started(t, q.publicId);
    const token = s.attempt.attemptToken;
    await attemptCall(t, "save", { attemptToken: token, answers: { q1: right.q1 } });
    expect((await attemptCall(t, "event", { attemptToken: token, kind: "switch" })).body.data).toMatchObject({
      status: "active",
      switches: 1,
    });
    await attemptCall(t, "event", { attemptToken: token, kind: "fullscreenExit" });
    const third = await attemptCall(t, "event", { attemptToken: token, kind: "switch" });
    expect(third.body.data).toMatchObject({ status: "ended", endedReason: "tabSwitch", switches: 3 });
    const fourth = await attemptCall(t, "event", { attemptToken: token, kind: "switch" });
    expect(fourth.body.data).toMatchObject({ status: "ended", switches: 3 });
    // The page's own forced submit afterwards answers the same response.
    const late = await submitAttempt(t, q.publicId, s, right, { forced: "tabSwitch" });
    expect(late.body.data.responseId).toBe(third.body.data.responseId);
    const responses = await responseRows(t, q.id);
    expect(responses.map((row) => row.answers)).toEqual([{ q1: right.q1 }]);

    const [attempt] = await attemptRows(t, q.id);
    const timeline = await invigilate<{ events: ExamTimelineEvent[] }>("getTimeline", {
      id: q.id,
      attemptId: attempt?.id ?? 0,
    });
    expect(timeline.body.data.events.map((event) => [event.label, event.detail])).toEqual([
      ["开始作答", ""],
      ["离开答题页面", "第 1 次"],
      ["退出全屏", "第 2 次"],
      ["离开答题页面", "第 3 次"],
      ["考试结束", "切屏次数超过限制"],
    ]);
  });

  it("counts concurrent reports exactly", async () => {
    const q = await examWith(t, owner, { fullscreen: true });
    const s = await started(t, q.publicId);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        attemptCall(t, "event", { attemptToken: s.attempt.attemptToken, kind: "switch" }),
      ),
    );
    expect((await attemptRows(t, q.id))[0]?.switches).toBe(20);
  });
});

describe("the invigilator", () => {
  it("ending an attempt while the candidate submits stores exactly one response", async () => {
    const q = await examWith(t, owner, {});
    for (let round = 0; round < 6; round++) {
      const s = await started(t, q.publicId, { deviceId: `raceDevice${round}` });
      await attemptCall(t, "save", { attemptToken: s.attempt.attemptToken, answers: { q2: right.q2 } });
      const [attempt] = (await attemptRows(t, q.id)).slice(-1);
      const [submitted, ended] = await Promise.all([
        submitAttempt(t, q.publicId, s, right),
        invigilate<{ status: string; responseId: number }>("endAttempt", {
          id: q.id,
          attemptId: attempt?.id ?? 0,
        }),
      ]);
      const final = (await attemptRows(t, q.id)).slice(-1)[0];
      const responses = (await responseRows(t, q.id)).filter(
        (row) => row.idempotencyKey === `exam-attempt-${final?.id}`,
      );
      expect(responses).toHaveLength(1);
      expect(final?.responseId).toBe(responses[0]?.id);
      // Whoever came first decided both the attempt's end and the answers kept.
      if (final?.status === "submitted") expect(responses[0]?.answers).toEqual(right);
      else {
        expect(final).toMatchObject({ status: "ended", endedReason: "invigilator" });
        expect(responses[0]?.answers).toEqual({ q2: right.q2 });
      }
      if (submitted.body.code === 200) expect(submitted.body.data.responseId).toBe(responses[0]?.id);
      else expect(submitted.body.msg).toBe(messages.examAttemptOver);
      if (ended.body.code !== 200) expect(ended.body.msg).toBe(messages.examAttemptNotActive);
    }
    expect(await responseRows(t, q.id)).toHaveLength(6);
  });

  it("adds time: a submit after the old deadline but before the new one keeps its answers", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    const [attempt] = await attemptRows(t, q.id);
    const bad = await invigilate("addTime", { id: q.id, attemptId: attempt?.id ?? 0, minutes: 121 });
    expect(bad.body.msg).toBe(messages.examAddTimeInvalid);
    const added = await invigilate<{ deadline: string; addedMinutes: number }>("addTime", {
      id: q.id,
      attemptId: attempt?.id ?? 0,
      minutes: 5,
    });
    expect(added.body.code, added.body.msg).toBe(200);
    expect(Date.parse(added.body.data.deadline)).toBe((s.attempt.deadline ?? 0) + 5 * MINUTE * 1000);
    // The page learns it at its next call.
    t.clock.advance(11 * MINUTE);
    const beat = await attemptCall(t, "heartbeat", { attemptToken: s.attempt.attemptToken });
    expect(beat.body.data).toMatchObject({
      status: "active",
      deadline: (s.attempt.deadline ?? 0) + 5 * MINUTE * 1000,
    });
    const res = await submitAttempt(t, q.publicId, s, right);
    expect(res.body.code, res.body.msg).toBe(200);
    const [response] = await responseRows(t, q.id);
    expect(response?.answers).toEqual(right);
    expect(response?.durationSeconds).toBe(11 * MINUTE);
    // A finished attempt gets no more time.
    const closed = await invigilate("addTime", { id: q.id, attemptId: attempt?.id ?? 0, minutes: 5 });
    expect(closed.body.msg).toBe(messages.examAttemptNotActive);
  });

  it("sees the live page masked, and only those who may see results do", async () => {
    const q = await examWith(t, owner, { candidatesOnly: true });
    const zhang = await insertCandidate(t, q.id, "张三丰", "20260001");
    await insertCandidate(t, q.id, "李四", "20260002");
    await insertCandidate(t, q.id, "王五", "20260003");
    const s = await started(t, q.publicId, { candidateToken: zhang.token });
    await attemptCall(t, "event", { attemptToken: s.attempt.attemptToken, kind: "switch" });
    const live = await invigilate<ExamLive>("getLive", { id: q.id });
    expect(live.body.code, live.body.msg).toBe(200);
    expect(live.body.data.counts).toEqual({ listed: 3, notStarted: 2, answering: 1, finished: 0 });
    expect(live.body.data.attempts).toHaveLength(1);
    expect(live.body.data.attempts[0]).toMatchObject({
      name: "张**",
      number: "****0001",
      status: "active",
      switches: 1,
      online: true,
      latestSnapshot: null,
    });
    t.clock.advance(MINUTE);
    const later = await invigilate<ExamLive>("getLive", { id: q.id });
    expect(later.body.data.attempts[0]?.online).toBe(false);
    const stranger = await buildUser(t);
    expect((await invigilate("getLive", { id: q.id }, stranger)).body.code).toBe(403);
  });
});

/** The smallest JPEG header a camera frame starts with, padded. */
const jpeg = (size = 2000) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);

async function snapshot(token: string, data: Buffer) {
  const body = multipart({ attemptToken: token }, { name: "frame.jpg", data });
  const res = await t.app.inject({ method: "POST", url: "/wjgj/api/exam/snapshot", ...body });
  return res.json() as { code: number; msg: string };
}

describe("camera snapshots", () => {
  it("are stored, shown to the owner only, and refused without the camera or in the wrong shape", async () => {
    const q = await examWith(t, owner, { camera: true });
    const s = await started(t, q.publicId);
    const frame = jpeg();
    expect(await snapshot(s.attempt.attemptToken, frame)).toMatchObject({ code: 200 });
    expect((await snapshot(s.attempt.attemptToken, Buffer.from("not an image at all"))).msg).toBe(
      messages.examSnapshotInvalid,
    );
    expect((await snapshot(s.attempt.attemptToken, jpeg(512 * 1024 + 1))).msg).toBe(
      messages.examSnapshotTooLarge,
    );

    const live = await invigilate<ExamLive>("getLive", { id: q.id });
    const eventId = live.body.data.attempts[0]?.latestSnapshot;
    expect(eventId).toBeTypeOf("number");
    const read = await t.app.inject({
      url: `/wjgj/api/exam/getSnapshot?id=${q.id}&eventId=${eventId}`,
      headers: { token: owner.token },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/jpeg");
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect(read.headers["x-content-type-options"]).toBe("nosniff");
    expect(read.rawPayload.equals(frame)).toBe(true);
    const [event] = await t.db
      .selectFrom("exam_events")
      .select("storageKey")
      .where("kind", "=", "snapshot")
      .execute();
    expect(event?.storageKey).toMatch(new RegExp(`^exam-snapshots/${q.id}/\\d+/[0-9a-f]{32}\\.jpg$`));
    // Stored sealed: the bytes at rest are not the image.
    const atRest = await t.storage.open(event?.storageKey ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of atRest?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).subarray(0, 7).toString("latin1")).toBe("wjenc1\n");

    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const stranger = await buildUser(t);
    for (const other of [viewer, stranger]) {
      const refused = await t.app.inject({
        url: `/wjgj/api/exam/getSnapshot?id=${q.id}&eventId=${eventId}`,
        headers: { token: other.token },
      });
      expect(refused.json().code).toBe(403);
    }

    const plain = await examWith(t, owner, {});
    const other = await started(t, plain.publicId);
    expect((await snapshot(other.attempt.attemptToken, frame)).msg).toBe(messages.examCameraOff);
  });
});

describe("the sweep", () => {
  it("hands in an abandoned attempt with its saved answers once its time is up", async () => {
    const q = await examWith(t, owner, {});
    const s = await started(t, q.publicId);
    await attemptCall(t, "save", { attemptToken: s.attempt.attemptToken, answers: { q1: right.q1 } });
    t.clock.advance(10 * MINUTE + EXAM_GRACE_SECONDS - 1);
    expect(await sweepExpiredAttempts(t.ctx)).toBe(0);
    t.clock.advance(2);
    expect(await sweepExpiredAttempts(t.ctx)).toBe(1);
    expect(await sweepExpiredAttempts(t.ctx)).toBe(0);
    const [response] = await responseRows(t, q.id);
    expect(response?.answers).toEqual({ q1: right.q1 });
    expect(response?.durationSeconds).toBe(10 * MINUTE);
    expect((await attemptRows(t, q.id))[0]).toMatchObject({
      status: "ended",
      endedReason: "timeout",
      responseId: response?.id,
    });
  });
});
