import { type BookingScheduleInput, bookingScheduleSchema, expandSlots } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { bookSlot } from "./book.ts";
import { cancelBooking, checkIn, findBooking, moveBooking } from "./change.ts";
import { remainingPlaces } from "./places.ts";

/** 预约 (issue #41) on the database the run uses (SQLite, or PostgreSQL with DATABASE_URL). */
let t: TestContext;
let questionnaireId: number;
beforeAll(async () => {
  t = await createTestContext();
  questionnaireId = (await buildQuestionnaire(t, await buildUser(t))).id;
});
afterAll(async () => {
  await t.close();
});

// The test clock starts at 2026-06-01 10:00 China time.
const schedule = (changes: Partial<BookingScheduleInput> = {}) =>
  bookingScheduleSchema.parse({
    startDate: "2026-06-10",
    endDate: "2026-06-12",
    times: [
      { start: "09:00", end: "10:00" },
      { start: "10:00", end: "11:00" },
    ],
    places: 20,
    ...changes,
  });

let questions = 0;
/** A question of its own for each test, so counts never mix. */
const question = (changes: Partial<BookingScheduleInput> = {}) => ({
  questionnaireId,
  questionId: `b${++questions}`,
  schedule: schedule(changes),
});

const A = "2026-06-10T09:00-10:00";
const B = "2026-06-10T10:00-11:00";
const C = "2026-06-11T09:00-10:00";

async function used(questionId: string, slotKey: string): Promise<number> {
  const row = await t.db
    .selectFrom("booking_slots")
    .select("used")
    .where("questionnaireId", "=", questionnaireId)
    .where("questionId", "=", questionId)
    .where("slotKey", "=", slotKey)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

async function activeBookings(questionId: string): Promise<number> {
  const rows = await t.db
    .selectFrom("bookings")
    .select("id")
    .where("questionId", "=", questionId)
    .where("status", "=", "active")
    .execute();
  return rows.length;
}

/** Settled outcomes as messages: "ok" for a booking, the Chinese message of a refusal. */
const outcomes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? "ok" : (r.reason as Error).message));

const count = (list: string[], value: string) => list.filter((v) => v === value).length;

describe("bookings", () => {
  it("200 concurrent bookers for a 20-place slot: exactly 20 stored, 180 told it is full", async () => {
    const q = question();
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: `d:${i}` })),
      ),
    );
    expect(count(results, "ok")).toBe(20);
    expect(count(results, "该时段已约满，请选择其他时段")).toBe(180);
    expect(await activeBookings(q.questionId)).toBe(20);
    expect(await used(q.questionId, A)).toBe(20);
  });

  it("a cancelled booking frees its place once, also when cancelled twice at the same time", async () => {
    const q = question({ places: 1 });
    const receipt = await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:1" });
    await expect(bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:2" })).rejects.toThrow("该时段已约满");
    const ref = { questionnaireId, code: receipt.code.toLowerCase() };
    const results = outcomes(
      await Promise.allSettled([
        cancelBooking(t.ctx, { ...ref, ...q }),
        cancelBooking(t.ctx, { ...ref, ...q }),
      ]),
    );
    expect(results.sort()).toEqual(["ok", "该预约已取消"].sort());
    expect(await used(q.questionId, A)).toBe(0);
    expect((await findBooking(t.db, ref)).status).toBe("cancelled");
    // The place and the respondent's seat are free again.
    await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:1" });
    expect(await used(q.questionId, A)).toBe(1);
  });

  it("moves in one step; a move to a full slot changes nothing", async () => {
    const q = question({ overrides: [{ slot: B, places: 1 }] });
    const mine = await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:1" });
    await bookSlot(t.ctx, { ...q, slotKey: B, respondentKey: "d:2" });
    const ref = { questionnaireId, code: mine.code };
    const before = await findBooking(t.db, ref);
    await expect(moveBooking(t.ctx, { ...ref, ...q, toSlotKey: B })).rejects.toThrow(
      "该时段已约满，请选择其他时段",
    );
    expect(await findBooking(t.db, ref)).toEqual(before);
    expect([await used(q.questionId, A), await used(q.questionId, B)]).toEqual([1, 1]);

    const moved = await moveBooking(t.ctx, { ...ref, ...q, toSlotKey: C });
    expect(moved).toMatchObject({ id: mine.bookingId, slotKey: C, movedFrom: A, status: "active" });
    expect([await used(q.questionId, A), await used(q.questionId, C)]).toEqual([0, 1]);
    await expect(moveBooking(t.ctx, { ...ref, ...q, toSlotKey: C })).rejects.toThrow("新时段与原时段相同");
  });

  it("two concurrent moves of one booking: each decides on the slot it read, the places add up", async () => {
    const q = question();
    const mine = await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:1" });
    const ref = { questionnaireId, bookingId: mine.bookingId };
    const results = outcomes(
      await Promise.allSettled([
        moveBooking(t.ctx, { ...ref, ...q, toSlotKey: B }),
        moveBooking(t.ctx, { ...ref, ...q, toSlotKey: C }),
      ]),
    );
    // Run one after the other (SQLite) both succeed; overlapping (PostgreSQL) the later one may find the booking
    // moved from the slot it read and be refused.
    expect(results.every((r) => r === "ok" || r === "该预约刚刚已被修改，请刷新后再试")).toBe(true);
    expect(count(results, "ok")).toBeGreaterThanOrEqual(1);
    const now = await findBooking(t.db, ref);
    expect([await used(q.questionId, A), await used(q.questionId, B), await used(q.questionId, C)]).toEqual([
      0,
      now.slotKey === B ? 1 : 0,
      now.slotKey === C ? 1 : 0,
    ]);
  });

  it("keeps the per-person limit exact under 20 concurrent attempts by the same person", async () => {
    const q = question({ perPerson: 3 });
    const slots = expandSlots(q.schedule);
    const results = outcomes(
      await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          bookSlot(t.ctx, {
            ...q,
            slotKey: slots[i % slots.length]?.key as string,
            respondentKey: "phone:x",
          }),
        ),
      ),
    );
    expect(count(results, "ok")).toBe(3);
    expect(count(results, "您的预约次数已达上限，如需改约请先取消已有预约")).toBe(17);
    expect(await activeBookings(q.questionId)).toBe(3);
    const places = await remainingPlaces(t.db, questionnaireId, q.questionId, slots);
    expect(places.reduce((sum, s) => sum + s.used, 0)).toBe(3);
  });

  it("refuses booking, cancelling and moving after the cut-off by the app clock; check-in still works", async () => {
    // A slot today at 12:00 China time, two hours from the test clock's start; closes 60 minutes before.
    const q = question({
      startDate: "2026-06-01",
      endDate: "2026-06-01",
      times: [{ start: "12:00", end: "13:00" }],
      extraDates: ["2026-06-02"],
      cutoffMinutes: 60,
    });
    const today = "2026-06-01T12:00-13:00";
    const receipt = await bookSlot(t.ctx, { ...q, slotKey: today, respondentKey: "d:1" });
    t.clock.advance(61 * 60);
    await expect(bookSlot(t.ctx, { ...q, slotKey: today, respondentKey: "d:2" })).rejects.toThrow(
      "已过预约截止时间",
    );
    const ref = { questionnaireId, code: receipt.code };
    await expect(cancelBooking(t.ctx, { ...ref, ...q })).rejects.toThrow("已过预约截止时间");
    await expect(moveBooking(t.ctx, { ...ref, ...q, toSlotKey: "2026-06-02T12:00-13:00" })).rejects.toThrow(
      "已过预约截止时间",
    );
    expect(await used(q.questionId, today)).toBe(1);

    const first = await checkIn(t.ctx, ref);
    expect(first).toMatchObject({ alreadyCheckedIn: false, booking: { id: receipt.bookingId } });
    expect(first.booking.checkedInAt).not.toBeNull();
    const again = await checkIn(t.ctx, ref);
    expect(again).toMatchObject({
      alreadyCheckedIn: true,
      booking: { checkedInAt: first.booking.checkedInAt },
    });
    await expect(checkIn(t.ctx, { questionnaireId, code: "NOTACODE" })).rejects.toThrow("没有找到该预约");
    // The creator may still cancel.
    await cancelBooking(t.ctx, { ...ref, ...q, ignoreCutoff: true });
    await expect(checkIn(t.ctx, ref)).rejects.toThrow("该预约已取消");
    t.clock.advance(-61 * 60);
  });

  it("reports remaining places per slot, closed and unknown slots refused", async () => {
    const q = question({ places: 2, overrides: [{ slot: C, places: 0 }] });
    await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:1" });
    await bookSlot(t.ctx, { ...q, slotKey: A, respondentKey: "d:2" });
    await bookSlot(t.ctx, { ...q, slotKey: B, respondentKey: "d:3" });
    await expect(bookSlot(t.ctx, { ...q, slotKey: C, respondentKey: "d:4" })).rejects.toThrow(
      "该时段已关闭预约",
    );
    await expect(
      bookSlot(t.ctx, { ...q, slotKey: "2026-06-10T11:00-12:00", respondentKey: "d:4" }),
    ).rejects.toThrow("该时段不在预约时间表中");
    const places = await remainingPlaces(
      t.db,
      questionnaireId,
      q.questionId,
      expandSlots(q.schedule, { to: "2026-06-11" }),
    );
    expect(places.map((p) => [p.key, p.remaining])).toEqual([
      [A, 0],
      [B, 1],
      [C, 0],
      ["2026-06-11T10:00-11:00", 2],
    ]);
  });
});
