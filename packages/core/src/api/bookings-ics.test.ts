import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { slotEndsAt, slotStartsAt } from "./bookings.ts";
import { bookingIcs, foldIcsLine } from "./bookings-ics.ts";

/** The one VEVENT of a file, read by ical.js (a parser nobody here wrote). */
function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return new ICAL.Event(vevent);
}

describe("booking .ics", () => {
  const slotKey = "2026-12-05T09:00-10:30";
  const title =
    "第二届长三角青少年科技创新大赛现场答辩预约（上午场，请携带身份证、学生证及参赛作品）——科技馆报告厅";

  it("imports with the slot's China-time instants and a long Chinese title intact", () => {
    const ics = bookingIcs({
      uid: "booking-42@wjgj",
      title,
      location: "上海科技馆 3 楼; 报告厅, A 区",
      description: "请提前 15 分钟到场\n凭预约码签到：ABCD-1234\\备用",
      slotKey,
      url: "https://example.cn/r/abc?x=1,2",
      stampMs: Date.parse("2026-11-20T08:00:00Z"),
    });
    const event = readEvent(ics);
    expect(event.uid).toBe("booking-42@wjgj");
    expect(event.summary).toBe(title);
    expect(event.location).toBe("上海科技馆 3 楼; 报告厅, A 区");
    expect(event.description).toBe("请提前 15 分钟到场\n凭预约码签到：ABCD-1234\\备用");
    expect(event.startDate.toUnixTime() * 1000).toBe(slotStartsAt(slotKey));
    expect(event.endDate.toUnixTime() * 1000).toBe(slotEndsAt(slotKey));
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-05T01:00:00.000Z");
    expect(event.component.getFirstPropertyValue("url")).toBe("https://example.cn/r/abc?x=1,2");
  });

  it("uses CRLF only and folds every line within 75 octets without splitting a character", () => {
    const ics = bookingIcs({ uid: "u1", title: `😀${title}`.repeat(3), slotKey, stampMs: 0 });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.slice(0, -2).split("\r\n");
    const encoder = new TextEncoder();
    for (const line of lines) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      // A lone surrogate would mean a 4-octet character was cut.
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(lines.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(3);
    expect(readEvent(ics).summary).toBe(`😀${title}`.repeat(3));
  });

  it("folds exactly at the octet limit", () => {
    expect(foldIcsLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldIcsLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
    // 74 ASCII octets + a 3-octet character would make 77: the character moves to the next line whole.
    expect(foldIcsLine(`${"a".repeat(74)}中`)).toBe(`${"a".repeat(74)}\r\n 中`);
  });
});
