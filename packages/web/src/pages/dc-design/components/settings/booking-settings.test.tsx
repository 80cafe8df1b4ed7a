import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { BookingConfig, Question } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf } from "../../testing/fixtures.ts";
import { BookingPreview } from "../canvas/previews/booking-preview.tsx";
import { QuestionSettings } from "./question-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

/** One week (2099-03-02 … 08): whatever weekday it starts on, it holds five of Mon–Fri; four slots a day. */
const config: BookingConfig = {
  schedule: {
    startDate: "2099-03-02",
    endDate: "2099-03-08",
    weekdays: [1, 2, 3, 4, 5],
    times: [
      { start: "09:00", end: "10:00" },
      { start: "10:00", end: "11:00" },
      { start: "14:00", end: "15:00" },
      { start: "15:00", end: "16:00" },
    ],
    places: 10,
    perPerson: 1,
    cutoffMinutes: 30,
    exceptions: [],
    extraDates: [],
  },
  showRemaining: true,
};
const question = { id: "bk", type: "booking", title: "预约时间", required: true, config } as Question;

function open() {
  editorStore.getState().load(detailOf(definitionOf([question])));
  editorStore.getState().select("bk");
  render(<QuestionSettings />);
  return screen.getByTestId("booking-settings");
}

const stored = () => {
  const draft = editorStore.getState().draft;
  return (draft && (findQuestion(draft, "bk")?.config as BookingConfig)) as BookingConfig;
};

describe("预约 settings", { timeout: 30_000 }, () => {
  it("shows the schedule's fields and how many slots it yields", () => {
    const panel = open();
    for (const label of [
      "预约日期",
      "每周可预约",
      "每天的时段",
      "每个时段名额",
      "每人最多预约",
      "显示剩余名额",
    ])
      expect(within(panel).getByText(label)).toBeTruthy();
    expect(screen.getByTestId("booking-slot-count").textContent).toBe("共 20 个时段");
    const weekdays = within(panel).getAllByRole("checkbox").slice(0, 7) as HTMLInputElement[];
    expect(weekdays.map((box) => box.checked)).toEqual([true, true, true, true, true, false, false]);
    expect(within(panel).getAllByLabelText(/^删除第\d个时段$/)).toHaveLength(4);
  });

  it("shows core's Chinese issue beside the field and no count while the schedule is wrong", () => {
    const panel = open();
    fireEvent.change(within(panel).getByLabelText("每个时段名额"), { target: { value: "0" } });
    fireEvent.blur(within(panel).getByLabelText("每个时段名额"));
    expect(stored().schedule.places).toBe(0);
    expect(within(panel).getByRole("alert").textContent).toBe("每个时段至少 1 个名额");
    expect(screen.getByTestId("booking-slot-count").textContent).toBe("请先修正上面的设置");
  });

  it("says there is nothing to book when no weekday is left, and counts again with one back", () => {
    const panel = open();
    const boxes = within(panel).getAllByRole("checkbox").slice(0, 5);
    for (const box of boxes) act(() => fireEvent.click(box));
    expect(stored().schedule.weekdays).toEqual([]);
    expect(panel.textContent).toContain("按当前设置没有任何可预约的时段，请检查日期和星期");
    act(() => fireEvent.click(within(panel).getAllByRole("checkbox")[0] as HTMLElement));
    expect(stored().schedule.weekdays).toEqual([1]);
    expect(screen.getByTestId("booking-slot-count").textContent).toBe("共 4 个时段");
  });

  it("adds a time range after the last one and removes one", () => {
    const panel = open();
    fireEvent.click(within(panel).getByText("添加时段"));
    expect(stored().schedule.times.at(-1)).toEqual({ start: "16:00", end: "17:00" });
    expect(screen.getByTestId("booking-slot-count").textContent).toBe("共 25 个时段");
    fireEvent.click(within(panel).getByLabelText("删除第1个时段"));
    expect(stored().schedule.times.map((time) => time.start)).toEqual(["10:00", "14:00", "15:00", "16:00"]);
  });

  it("keeps the cut-off in minutes, entered in 分钟 or 小时", () => {
    const panel = open();
    const cutoff = within(panel).getByLabelText("截止时间") as HTMLInputElement;
    expect(cutoff.value).toBe("30");
    fireEvent.mouseDown(within(panel).getByLabelText("截止时间单位"));
    fireEvent.click(screen.getByText("小时", { selector: ".ant-select-item-option-content" }));
    expect(stored().schedule.cutoffMinutes).toBe(1800);
    fireEvent.change(cutoff, { target: { value: "2" } });
    expect(stored().schedule.cutoffMinutes).toBe(120);
  });

  it("turns 显示剩余名额 off", () => {
    const panel = open();
    fireEvent.click(within(panel).getByLabelText("显示剩余名额"));
    expect(stored().showRemaining).toBe(false);
  });
});

describe("预约 on the canvas", () => {
  it("shows the first day's slots as the respondent will see them", () => {
    const { container } = render(<BookingPreview question={question as Question & { type: "booking" }} />);
    const slots = [...container.querySelectorAll(".dd-bk-preview__slot")].map((slot) => slot.textContent);
    expect(slots).toEqual([
      "09:00-10:00剩余 10",
      "10:00-11:00剩余 10",
      "14:00-15:00剩余 10",
      "15:00-16:00剩余 10",
    ]);
  });
});
