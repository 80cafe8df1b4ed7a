import { describe, expect, it } from "vitest";
import { defaultBookingSchedule, slotLabel } from "../../../api/bookings.ts";
import { CountTable } from "../../../results/counts.ts";
import { questionFacts } from "../../../results/facts.ts";
import { questionStatistics } from "../../../results/statistics.ts";
import { questionSchema } from "../../definition/question.ts";
import { bookingType } from "./booking.ts";

const env = { today: "2026-12-01", options: [] };
const config = bookingType.configSchema.parse({
  schedule: {
    startDate: "2026-12-01",
    endDate: "2026-12-07",
    weekdays: [6],
    times: [{ start: "09:00", end: "10:00" }],
    places: 5,
  },
});

describe("预约", () => {
  it("accepts a slot of the schedule and refuses any other in Chinese", () => {
    expect(bookingType.validate(config, { slot: "2026-12-05T09:00-10:00" }, env)).toEqual([]);
    // A Friday (not a bookable weekday), a time not in the schedule, and no slot key at all.
    for (const slot of ["2026-12-04T09:00-10:00", "2026-12-05T10:00-11:00", "明天上午"]) {
      const issues = bookingType.validate(config, { slot }, env);
      expect(issues.map((issue) => issue.code)).toEqual(["bookingSlotUnknown"]);
      expect(issues[0]?.message).toBe("该时段不在预约时间表中，请刷新后重新选择");
    }
  });

  it("labels slots in China's way and counts them like a single choice", () => {
    expect(slotLabel("2026-12-05T09:00-10:00")).toBe("12月5日 周六 09:00-10:00");
    expect(slotLabel("2027-01-04T14:00-15:30")).toBe("1月4日 周一 14:00-15:30");
    expect(bookingType.toText(config, { slot: "2026-12-05T09:00-10:00" }, [])).toBe(
      "12月5日 周六 09:00-10:00",
    );
    const question = questionSchema.parse({ id: "b1", type: "booking", title: "预约", config });
    const facts = questionFacts(question, { slot: "2026-12-05T09:00-10:00" });
    expect(facts).toEqual([{ questionId: "b1", key: "option:b1:2026-12-05T09:00-10:00" }]);
    const stats = questionStatistics(
      question,
      new CountTable([
        ["answered:b1", 4],
        ["option:b1:2026-12-05T09:00-10:00", 3],
        ["option:b1:2026-12-06T09:00-10:00", 1],
      ]),
      1,
    );
    if (stats?.family !== "choice") throw new Error("not choice statistics");
    expect(stats.options.map((o) => [o.label, o.count, o.percentage])).toEqual([
      ["12月5日 周六 09:00-10:00", 3, 75],
      ["12月6日 周日 09:00-10:00", 1, 25],
    ]);
  });

  it("turns a bad schedule into the designer's Chinese issues", () => {
    const parsed = questionSchema.safeParse({
      id: "b1",
      type: "booking",
      config: {
        schedule: {
          startDate: "2026-12-01",
          endDate: "2026-12-07",
          times: [{ start: "09:00", end: "10:00" }],
          places: 0,
          cutoffMinutes: -30,
        },
      },
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain("每个时段至少 1 个名额");
    expect(messages).toContain("截止时间不能晚于时段开始");
  });

  it("starts a new question today (China time), not when the module was loaded", () => {
    // 2026-12-31 17:00 UTC is already 1 January in China.
    const schedule = defaultBookingSchedule(Date.parse("2026-12-31T17:00:00Z"));
    expect(schedule).toMatchObject({
      startDate: "2027-01-01",
      endDate: "2027-01-31",
      weekdays: [1, 2, 3, 4, 5],
      places: 10,
      perPerson: 1,
      cutoffMinutes: 60,
    });
    expect(schedule.times.map((time) => `${time.start}-${time.end}`)).toEqual([
      "09:00-10:00",
      "10:00-11:00",
      "14:00-15:00",
      "15:00-16:00",
    ]);
    const made = bookingType.defaults();
    expect(made.showRemaining).toBe(true);
    expect(bookingType.configSchema.safeParse(made).success).toBe(true);
  });
});
