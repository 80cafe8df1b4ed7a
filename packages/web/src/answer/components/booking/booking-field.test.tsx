import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { BookingSlotView } from "@wjgj/core/api/bookings-api";
import type { QuestionOfType } from "@wjgj/core/survey/index";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshLiveFigures } from "../../lib/use-refresh.ts";
import { FieldA11yContext } from "../a11y/field-a11y.ts";
import { BookingField } from "./booking-field.tsx";
import { SlotPicker } from "./slot-picker.tsx";
import { SLOTS_REFRESH_MS } from "./use-slots.ts";

function slot(key: string, remaining: number, bookable = remaining > 0, places = 5): BookingSlotView {
  const [, date = "", start = "", end = ""] = /^(.{10})T(.{5})-(.{5})$/.exec(key) ?? [];
  const weekday = date === "2026-12-07" ? "周一" : "周二";
  const day = date === "2026-12-07" ? "12月7日" : "12月8日";
  return { key, date, start, end, label: `${day} ${weekday} ${start}-${end}`, places, remaining, bookable };
}

const slots = [
  // A day past its cut-off: left out of the strip.
  slot("2026-12-06T09:00-10:00", 4, false),
  slot("2026-12-07T09:00-10:00", 3),
  slot("2026-12-07T10:00-11:00", 0),
  slot("2026-12-07T14:00-15:00", 2, false),
  slot("2026-12-08T09:00-10:00", 5),
];

const bookingQuestion = buildSurvey([
  {
    id: "bk",
    type: "booking",
    title: "预约时间",
    config: {
      schedule: {
        startDate: "2099-03-02",
        endDate: "2099-03-03",
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        times: [
          { start: "09:00", end: "10:00" },
          { start: "10:00", end: "11:00" },
        ],
        places: 8,
        perPerson: 1,
        cutoffMinutes: 0,
        exceptions: [],
        extraDates: [],
      },
      showRemaining: true,
    },
  },
]).pages[0]?.questions[0] as QuestionOfType<"booking">;

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("SlotPicker", () => {
  it("shows the open dates as a strip and the first one's slots with places left, full and closed", () => {
    render(<SlotPicker slots={slots} value={undefined} onChange={() => {}} showRemaining />);
    const days = screen.getByRole("radiogroup", { name: "预约日期" });
    expect(within(days).getAllByRole("radio")).toHaveLength(2);
    expect(days.textContent).toContain("周一12月7日");
    const times = screen.getByRole("radiogroup", { name: "预约时段" });
    const radios = within(times).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "12月7日 周一 09:00-10:00，剩余 3",
      "12月7日 周一 10:00-11:00，已约满",
      "12月7日 周一 14:00-15:00，已截止",
    ]);
    expect(radios.map((radio) => radio.disabled)).toEqual([false, true, true]);
  });

  it("picks a slot, moves to another date and hides the counts when asked", () => {
    const onChange = vi.fn();
    render(<SlotPicker slots={slots} value={undefined} onChange={onChange} showRemaining={false} />);
    fireEvent.click(screen.getByRole("radio", { name: /09:00-10:00$/ }));
    expect(onChange).toHaveBeenCalledWith("2026-12-07T09:00-10:00");
    fireEvent.click(screen.getByRole("radio", { name: /12月8日/ }));
    const times = within(screen.getByRole("radiogroup", { name: "预约时段" })).getAllByRole("radio");
    expect(times.map((radio) => radio.getAttribute("aria-label"))).toEqual(["12月8日 周二 09:00-10:00"]);
  });

  it("opens on the date of the chosen slot, marked checked", () => {
    render(<SlotPicker slots={slots} value="2026-12-08T09:00-10:00" onChange={() => {}} showRemaining />);
    expect((screen.getByRole("radio", { name: /12月8日 周二 09:00/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("says so when there is nothing to book", () => {
    render(<SlotPicker slots={[]} value={undefined} onChange={() => {}} showRemaining />);
    expect(screen.getByText("暂无可预约的时段")).toBeTruthy();
  });
});

describe("BookingField", () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        const remaining = calls.length === 1 ? 3 : 1;
        return new Response(
          JSON.stringify({
            code: 200,
            msg: "",
            data: { slots: [slot("2026-12-07T09:00-10:00", remaining)] },
          }),
        );
      }),
    );
  });

  const a11y = { titleId: "t-bk", name: "预约时间", required: true, invalid: false, errorId: undefined };

  it("reads live places from bookingSlots and refreshes every 30 s and when the page comes back", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const onChange = vi.fn();
    render(
      <FieldA11yContext.Provider value={a11y}>
        <span id="t-bk">预约时间</span>
        <BookingField
          question={bookingQuestion}
          value={undefined}
          options={[]}
          onChange={onChange}
          context={{ publicId: "pub1", answerToken: "t", preview: false }}
        />
      </FieldA11yContext.Provider>,
    );
    expect(await screen.findByText("剩余 3")).toBeTruthy();
    expect(calls[0]).toBe("/wjgj/api/anQuestion/bookingSlots?publicId=pub1&questionId=bk");
    expect(screen.getByRole("radiogroup", { name: "预约时间" }).getAttribute("aria-required")).toBe("true");
    await act(async () => {
      vi.advanceTimersByTime(SLOTS_REFRESH_MS);
    });
    expect(await screen.findByText("剩余 1")).toBeTruthy();
    expect(calls).toHaveLength(2);
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(calls).toHaveLength(3);
    // A refused submit (该时段已约满) has the places read again at once.
    await act(async () => {
      refreshLiveFigures();
    });
    expect(calls).toHaveLength(4);
    fireEvent.click(screen.getByRole("radio", { name: /09:00-10:00/ }));
    expect(onChange).toHaveBeenCalledWith({ slot: "2026-12-07T09:00-10:00" });
  });

  it("shows the server's message with 重试 when the slots cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ code: 404, msg: "没有找到该预约题", data: null }))),
    );
    render(
      <BookingField
        question={bookingQuestion}
        value={undefined}
        options={[]}
        onChange={() => {}}
        context={{ publicId: "pub1", answerToken: "t", preview: false }}
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toContain("没有找到该预约题重试");
  });

  it("previews the schedule itself without asking the server", async () => {
    render(
      <BookingField
        question={bookingQuestion}
        value={{ slot: "2099-03-02T10:00-11:00" }}
        options={[]}
        onChange={() => {}}
        context={{ publicId: "", answerToken: "", preview: true }}
      />,
    );
    expect(await screen.findAllByText("剩余 8")).toHaveLength(2);
    expect(calls).toHaveLength(0);
    expect((screen.getByRole("radio", { name: /10:00-11:00/ }) as HTMLInputElement).checked).toBe(true);
  });
});
