import type { SubmitReply } from "@wjgj/core";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew } from "../../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { eraseInTransaction } from "../../commands/privacy/retention.ts";
import { transaction } from "../../db/index.ts";

/**
 * 预约 (issue #41) through HTTP on the run's database: booking answers book in the submit's transaction, exactly
 * under concurrency; the receipt cancels, moves and downloads the .ics; the live slots count what is left.
 * The test clock starts at 2026-06-01 10:00 China time.
 */
let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

const A = "2026-06-10T09:00-10:00";
const B = "2026-06-10T10:00-11:00";
const C = "2026-06-11T09:00-10:00";
const FULL = "该时段已约满，请选择其他时段";

function bookingSurvey(schedule: Record<string, unknown> = {}) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "体检预约",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "visit",
            type: "booking",
            title: "选择体检时间",
            required: true,
            config: {
              schedule: {
                startDate: "2026-06-10",
                endDate: "2026-06-12",
                weekdays: [1, 2, 3, 4, 5, 6, 7],
                times: [
                  { start: "09:00", end: "10:00" },
                  { start: "10:00", end: "11:00" },
                ],
                places: 20,
                perPerson: 1,
                cutoffMinutes: 60,
                ...schedule,
              },
            },
          },
        ],
      },
    ],
  };
}

async function published(schedule: Record<string, unknown> = {}) {
  const q = await publishNew(t, owner, { title: "体检预约", definition: bookingSurvey(schedule) });
  const open = await openAnswering(t, q.publicId);
  let n = 0;
  const submit = (slot: string, deviceId = `device-${++n}-${q.publicId}`) =>
    call<SubmitReply>(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answers: { visit: { slot } },
        idempotencyKey: `key-${++n}-${q.publicId}`,
        deviceId,
        answerToken: open.answerToken,
      },
      ip: `10.4.${Math.floor(n / 250) % 250}.${n % 250}`,
    });
  return { q, submit };
}

async function used(questionnaireId: number, slotKey: string) {
  const row = await t.db
    .selectFrom("booking_slots")
    .select("used")
    .where("questionnaireId", "=", questionnaireId)
    .where("slotKey", "=", slotKey)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

async function counts(questionnaireId: number) {
  const responses = await t.db
    .selectFrom("responses")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  const bookings = await t.db
    .selectFrom("bookings")
    .select(["responseId", "status", "slotKey"])
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  return { responses, bookings };
}

describe("booking in the submit", () => {
  it("200 concurrent bookers of a 20-place slot: exactly 20 stored, 180 told it is full", async () => {
    const { q, submit } = await published();
    const replies = await Promise.all(Array.from({ length: 200 }, () => submit(A)));
    const ok = replies.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(20);
    const refused = replies.filter((r) => r.body.code !== 200);
    expect(refused).toHaveLength(180);
    expect(new Set(refused.map((r) => r.body.msg))).toEqual(new Set([FULL]));
    const { responses, bookings } = await counts(q.id);
    expect(responses).toHaveLength(20);
    expect(bookings).toHaveLength(20);
    expect(await used(q.id, A)).toBe(20);
    // Each booking belongs to a stored response, and each stored response's reply carried its code once.
    expect(new Set(bookings.map((b) => b.responseId))).toEqual(new Set(responses.map((r) => r.id)));
    for (const reply of ok) {
      expect(reply.body.data.bookings).toEqual([
        { questionId: "visit", slotKey: A, label: "6月10日 周三 09:00-10:00", code: expect.any(String) },
      ]);
    }
    expect(new Set(ok.map((r) => r.body.data.bookings?.[0]?.code)).size).toBe(20);
    // Nothing of a refused submit is left: no facts or counters beyond the 20.
    const counter = await t.db
      .selectFrom("response_counters")
      .select("count")
      .where("questionnaireId", "=", q.id)
      .where("key", "=", `option:visit:${A}`)
      .executeTakeFirst();
    expect(Number(counter?.count ?? 0)).toBe(20);
  }, 120_000);

  it("one device books once: a second submit from it is refused and stores nothing", async () => {
    const { q, submit } = await published();
    expect((await submit(A, "same-phone-1")).body.code).toBe(200);
    const again = await submit(B, "same-phone-1");
    expect(again.body.msg).toBe("您的预约次数已达上限，如需改约请先取消已有预约");
    expect((await counts(q.id)).responses).toHaveLength(1);
    expect(await used(q.id, B)).toBe(0);
    // Another device is another person.
    expect((await submit(B, "other-phone-2")).body.code).toBe(200);
    // Ten submits at once from one more device: exactly one books.
    const burst = await Promise.all(Array.from({ length: 10 }, () => submit(C, "eager-phone-4")));
    expect(burst.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(await used(q.id, C)).toBe(1);
    expect((await counts(q.id)).responses).toHaveLength(3);
    // Statistics count the slots like a single choice's options, labelled as everywhere else.
    const stats = await call<{ questions: { questionId: string; options: unknown[] }[] }>(
      t.app,
      "POST",
      "statistics/getQuestionStatistics",
      { token: owner.token, json: { id: q.id } },
    );
    expect(stats.body.data.questions.find((s) => s.questionId === "visit")?.options).toMatchObject([
      { optionId: A, label: "6月10日 周三 09:00-10:00", count: 1 },
      { optionId: B, label: "6月10日 周三 10:00-11:00", count: 1 },
      { optionId: C, label: "6月11日 周四 09:00-10:00", count: 1 },
    ]);
    // A slot that is not in the schedule is refused by the answer check, in Chinese.
    const unknown = await submit("2026-06-13T09:00-10:00", "third-phone-3");
    expect(unknown.body.code).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("该时段不在预约时间表中，请刷新后重新选择");
  });
});

describe("the receipt's booking", () => {
  it("is listed on the receipt; two concurrent cancels free the place once", async () => {
    const { q, submit } = await published();
    const reply = await submit(A);
    const token = reply.body.data.receiptToken as string;
    const receipt = await call<{ bookings: unknown[] }>(t.app, "GET", "anQuestion/getReceipt", {
      params: { token },
    });
    expect(receipt.body.data.bookings).toEqual([
      {
        questionId: "visit",
        title: "选择体检时间",
        slotKey: A,
        label: "6月10日 周三 09:00-10:00",
        status: "active",
        checkedInAt: null,
        changeable: true,
      },
    ]);
    expect(await used(q.id, A)).toBe(1);
    const cancels = await Promise.all(
      [1, 2].map(() =>
        call(t.app, "POST", "anQuestion/cancelBooking", { json: { token, questionId: "visit" } }),
      ),
    );
    expect(cancels.map((c) => c.body.code).sort()).toEqual([200, 409]);
    expect(cancels.find((c) => c.body.code === 409)?.body.msg).toBe("该预约已取消");
    expect(await used(q.id, A)).toBe(0);
    const after = await call<{ bookings: { status: string; changeable: boolean }[] }>(
      t.app,
      "GET",
      "anQuestion/getReceipt",
      { params: { token } },
    );
    expect(after.body.data.bookings[0]).toMatchObject({ status: "cancelled", changeable: false });
    // A forged token is refused in Chinese.
    const forged = await call(t.app, "POST", "anQuestion/cancelBooking", {
      json: { token: `${token.split(".")[0]}.AAAAAAAAAAAAAAAA`, questionId: "visit" },
    });
    expect(forged.body.code).toBe(400);
  });

  it("a response erased for good gives its place back; one in the 回收站 keeps it", async () => {
    const { q, submit } = await published();
    const erased = (await submit(A)).body.data.responseId as number;
    const binned = (await submit(A)).body.data.responseId as number;
    expect(await used(q.id, A)).toBe(2);
    await transaction(t.db, (trx) => eraseInTransaction(trx, q.id, [erased], "delete", new Date()));
    expect(await used(q.id, A)).toBe(1);
    // Erasing again changes nothing: the place was given back once.
    await transaction(t.db, (trx) => eraseInTransaction(trx, q.id, [erased], "delete", new Date()));
    expect(await used(q.id, A)).toBe(1);
    const moved = await call(t.app, "POST", "answer/deleteAnswer", {
      token: owner.token,
      json: { id: q.id, responseIds: [binned] },
    });
    expect(moved.body.code).toBe(200);
    expect(await used(q.id, A)).toBe(1);
    const { bookings } = await counts(q.id);
    expect(bookings.map((b) => [b.responseId, b.status]).sort()).toEqual(
      [
        [erased, "cancelled"],
        [binned, "active"],
      ].sort(),
    );
  });

  it("moving to a full slot changes nothing; to a free one moves the place", async () => {
    const { q, submit } = await published({ places: 1 });
    const mine = await submit(A);
    expect((await submit(B)).body.code).toBe(200);
    const token = mine.body.data.receiptToken as string;
    const full = await call(t.app, "POST", "anQuestion/moveBooking", {
      json: { token, questionId: "visit", slotKey: B },
    });
    expect(full.body.msg).toBe(FULL);
    expect([await used(q.id, A), await used(q.id, B)]).toEqual([1, 1]);
    expect((await counts(q.id)).bookings.map((b) => b.slotKey).sort()).toEqual([A, B]);
    const moved = await call<{ slotKey: string; label: string }>(t.app, "POST", "anQuestion/moveBooking", {
      json: { token, questionId: "visit", slotKey: C },
    });
    expect(moved.body.data).toMatchObject({
      slotKey: C,
      label: "6月11日 周四 09:00-10:00",
      status: "active",
    });
    expect([await used(q.id, A), await used(q.id, C)]).toEqual([0, 1]);
  });

  it("the .ics file parses with ical.js and has the slot in China time", async () => {
    const { submit } = await published();
    const token = (await submit(B)).body.data.receiptToken as string;
    const res = await t.app.inject({
      method: "GET",
      url: "/wjgj/api/anQuestion/bookingIcs",
      query: { token, questionId: "visit" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(String(res.headers["content-disposition"])).toContain("filename*=UTF-8''%E9%A2%84%E7%BA%A6.ics");
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const vevent = calendar.getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    const event = new ICAL.Event(vevent);
    // 10:00-11:00 China time is 02:00-03:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-06-10T02:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-06-10T03:00:00.000Z");
    expect(event.summary).toContain("选择体检时间");
  });

  it("a confirmation code finds the booking and its receipt token", async () => {
    const { q, submit } = await published();
    const reply = await submit(A);
    const code = reply.body.data.bookings?.[0]?.code as string;
    const found = await call<{ token: string; booking: { slotKey: string } }>(
      t.app,
      "POST",
      "anQuestion/findBooking",
      { json: { publicId: q.publicId, code: code.toLowerCase() } },
    );
    expect(found.body.data.booking.slotKey).toBe(A);
    expect(found.body.data.token).toBe(reply.body.data.receiptToken);
    const wrong = await call(t.app, "POST", "anQuestion/findBooking", {
      json: { publicId: q.publicId, code: "ZZZZZZZZZZZZZZZZ" },
    });
    expect(wrong.body.msg).toBe("没有找到该预约，请核对预约凭证");
  });
});

describe("the live slots", () => {
  it("count the places left and say which slots can still be booked", async () => {
    const { q, submit } = await published({ places: 2, overrides: [{ slot: C, places: 0 }] });
    await submit(A);
    await submit(A);
    await submit(B);
    const res = await call<{ slots: Record<string, unknown>[] }>(t.app, "GET", "anQuestion/bookingSlots", {
      params: { publicId: q.publicId, questionId: "visit", from: "2026-06-10", to: "2026-06-11" },
    });
    expect(res.body.data.slots.map((s) => [s.key, s.places, s.remaining, s.bookable])).toEqual([
      [A, 2, 0, false],
      [B, 2, 1, true],
      [C, 0, 0, false],
      ["2026-06-11T10:00-11:00", 2, 2, true],
    ]);
    expect(res.body.data.slots[0]).toMatchObject({
      date: "2026-06-10",
      start: "09:00",
      label: "6月10日 周三 09:00-10:00",
    });
    // Without a range: from today (China time) for 31 days, which covers the whole schedule.
    const all = await call<{ slots: unknown[] }>(t.app, "GET", "anQuestion/bookingSlots", {
      params: { publicId: q.publicId, questionId: "visit" },
    });
    expect(all.body.data.slots).toHaveLength(6);
    const tooLong = await call(t.app, "GET", "anQuestion/bookingSlots", {
      params: { publicId: q.publicId, questionId: "visit", from: "2026-06-01", to: "2026-08-31" },
    });
    expect(tooLong.body.msg).toBe("一次最多查看 62 天的时段");
    const noQuestion = await call(t.app, "GET", "anQuestion/bookingSlots", {
      params: { publicId: q.publicId, questionId: "nope" },
    });
    expect(noQuestion.body.msg).toBe("没有找到该预约题，请刷新页面后重试");
  });
});

describe("the creator's bookings", () => {
  it("lists, checks in once and cancels; other users are refused and change nothing", async () => {
    const { q, submit } = await published();
    const first = await submit(A);
    await submit(B);
    const code = first.body.data.bookings?.[0]?.code as string;
    const list = await call<{
      questions: unknown[];
      bookings: { id: number; slotKey: string; status: string }[];
      slots: { key: string; used: number }[];
    }>(t.app, "GET", "questionary/bookings", {
      token: owner.token,
      params: { id: q.id, from: "2026-06-10", to: "2026-06-10" },
    });
    expect(list.body.data.questions).toEqual([{ id: "visit", title: "选择体检时间" }]);
    expect(list.body.data.bookings.map((b) => [b.slotKey, b.status])).toEqual([
      [A, "active"],
      [B, "active"],
    ]);
    expect(list.body.data.slots.map((s) => [s.key, s.used])).toEqual([
      [A, 1],
      [B, 1],
    ]);

    const stranger = await buildUser(t);
    const bookingId = list.body.data.bookings[0]?.id as number;
    for (const [method, path, params] of [
      ["GET", "questionary/bookings", { id: q.id, from: "2026-06-10", to: "2026-06-10" }],
      ["POST", "questionary/checkInBooking", { id: q.id, code }],
      ["POST", "questionary/cancelBooking", { id: q.id, bookingId }],
    ] as const) {
      const refused = await call(t.app, method, path, { token: stranger.token, params });
      expect(refused.body.code, path).toBe(403);
      expect((await call(t.app, method, path, { params })).body.code, path).toBe(303);
    }
    expect(await used(q.id, A)).toBe(1);
    expect((await counts(q.id)).bookings.every((b) => b.status === "active")).toBe(true);

    const checked = await call<{
      alreadyCheckedIn: boolean;
      message: string;
      booking: { checkedInAt: string };
    }>(t.app, "POST", "questionary/checkInBooking", { token: owner.token, params: { id: q.id, code } });
    expect(checked.body.data).toMatchObject({ alreadyCheckedIn: false, message: "签到成功" });
    expect(checked.body.data.booking).toMatchObject({
      id: bookingId,
      slotKey: A,
      checkedInAt: "2026-06-01 10:00:00",
    });
    const again = await call<{ alreadyCheckedIn: boolean; message: string }>(
      t.app,
      "POST",
      "questionary/checkInBooking",
      { token: owner.token, params: { id: q.id, code } },
    );
    expect(again.body.code).toBe(200);
    expect(again.body.data).toMatchObject({
      alreadyCheckedIn: true,
      message: "已签到（2026-06-01 10:00:00）",
    });
    const unknown = await call(t.app, "POST", "questionary/checkInBooking", {
      token: owner.token,
      params: { id: q.id, code: "ZZZZZZZZZZZZZZZZ" },
    });
    expect(unknown.body.msg).toBe("没有找到该预约，请核对预约凭证");

    const cancelled = await call<{ status: string }>(t.app, "POST", "questionary/cancelBooking", {
      token: owner.token,
      params: { id: q.id, bookingId },
    });
    expect(cancelled.body.data.status).toBe("cancelled");
    expect(await used(q.id, A)).toBe(0);
  });
});

describe("the cut-off", () => {
  it("closes booking and cancelling an hour before the slot, by the server's clock", async () => {
    const { q, submit } = await published();
    const early = await submit(B);
    const token = early.body.data.receiptToken as string;
    // 2026-06-10 08:00:30 China time: A (09:00) closed at 08:00, B (10:00) closes at 09:00.
    t.clock.advance((9 * 24 - 2) * 3600 + 30);
    const late = await publishedSubmit(q.publicId, A);
    expect(late.body.msg).toBe("已过预约截止时间");
    expect(await used(q.id, A)).toBe(0);
    const slots = await call<{ slots: { key: string; bookable: boolean }[] }>(
      t.app,
      "GET",
      "anQuestion/bookingSlots",
      { params: { publicId: q.publicId, questionId: "visit", from: "2026-06-10", to: "2026-06-10" } },
    );
    expect(slots.body.data.slots.map((s) => [s.key, s.bookable])).toEqual([
      [A, false],
      [B, true],
    ]);
    // An hour later B's cut-off has passed too: its booking can no longer be cancelled by the respondent.
    t.clock.advance(3600);
    const cancel = await call(t.app, "POST", "anQuestion/cancelBooking", {
      json: { token, questionId: "visit" },
    });
    expect(cancel.body.msg).toBe("已过预约截止时间");
    expect(await used(q.id, B)).toBe(1);
  });
});

async function publishedSubmit(publicId: string, slot: string) {
  const open = await openAnswering(t, publicId);
  return call(t.app, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId,
      revisionId: open.revisionId,
      answers: { visit: { slot } },
      idempotencyKey: `late-key-${publicId}`,
      deviceId: `late-device-${publicId}`,
      answerToken: open.answerToken,
    },
  });
}
