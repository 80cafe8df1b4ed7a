import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  allowedActions,
  type CheckedInBooking,
  type CreatorBooking,
  type CreatorBookings,
  type QuestionaryDetail,
} from "@wjgj/core";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { definition, overview, questionary } from "../dc-result/testing/fixtures.ts";
import {
  button,
  Failure,
  renderResults,
  setupResultTests,
  slow,
  stubApi,
} from "../dc-result/testing/harness.tsx";
import { normaliseCode, rangeOf, stepDate } from "./booking-range.ts";

const withBooking = (role: "owner" | "viewer" = "owner") =>
  ({
    ...questionary,
    definition: {
      ...definition,
      pages: [
        {
          id: "p1",
          questions: [
            ...(definition.pages[0]?.questions ?? []),
            { id: "bk", type: "booking", title: "预约体检时间", config: {} },
          ],
        },
      ],
    },
    myRole: role,
    permissions: allowedActions(role),
  }) as unknown as QuestionaryDetail;

const booking = (patch: Partial<CreatorBooking>): CreatorBooking => ({
  id: 1,
  questionId: "bk",
  slotKey: "2026-12-07T09:00-10:00",
  label: "12月7日 周一 09:00-10:00",
  status: "active",
  checkedInAt: null,
  responseId: 11,
  createdAt: "2026-12-04 10:20:00",
  ...patch,
});

const board: CreatorBookings = {
  questions: [{ id: "bk", title: "预约体检时间" }],
  bookings: [
    booking({ id: 1 }),
    booking({ id: 2, responseId: 12, checkedInAt: "2026-12-07 09:03:00" }),
    booking({ id: 3, responseId: 13, status: "cancelled" }),
  ],
  slots: [
    {
      questionId: "bk",
      key: "2026-12-07T09:00-10:00",
      label: "12月7日 周一 09:00-10:00",
      places: 2,
      used: 2,
    },
    {
      questionId: "bk",
      key: "2026-12-07T10:00-11:00",
      label: "12月7日 周一 10:00-11:00",
      places: 5,
      used: 0,
    },
  ],
};

function render(detail: QuestionaryDetail, more: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    "questionary/getQuestionaryDetail": () => detail,
    "statistics/getOverview": () => overview(0),
    "questionary/bookings": () => board,
    ...more,
  });
  renderResults("?id=7&tab=bookings");
  return calls;
}

const rowOf = async (label: string) => {
  const board = await screen.findByTestId("bookings-board", {}, slow);
  const cell = await within(board).findByText(label, {}, slow);
  return cell.closest("tr") as HTMLTableRowElement;
};

setupResultTests();

describe("预约管理 ranges and codes", () => {
  it("covers a day, or its week from Monday to Sunday, and steps by the view", () => {
    expect(rangeOf("day", "2026-12-09")).toEqual({ from: "2026-12-09", to: "2026-12-09" });
    expect(rangeOf("week", "2026-12-09")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(rangeOf("week", "2026-12-13")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(stepDate("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(stepDate("week", "2026-12-09", -1)).toBe("2026-12-02");
  });

  it("reads a code typed with spaces and dashes, or scanned as a link", () => {
    expect(normaliseCode(" k7p2-qx9m ")).toBe("K7P2QX9M");
    expect(normaliseCode("https://example.com/x?code=K7P2-QX9M")).toBe("K7P2QX9M");
  });
});

describe("预约管理 tab", { timeout: 30_000 }, () => {
  it("is offered only for questionnaires with a 预约 question", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(3),
    });
    renderResults("?id=7");
    await screen.findByTestId("result-page", {}, slow);
    expect(screen.queryByRole("tab", { name: "预约管理" })).toBeNull();
  });

  it("lists the day's slots with places used and each booking's state", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-12-07T02:00:00.000Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const calls = render(withBooking());
    const full = await rowOf("12月7日 周一 09:00-10:00");
    expect(full.textContent).toContain("2 / 2");
    const items = within(full).getAllByTestId("board-booking");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("答卷 #11待签到"),
      expect.stringContaining("答卷 #12已签到 09:03"),
      expect.stringContaining("答卷 #13已取消"),
    ]);
    // Only the booking neither checked in nor cancelled can be cancelled.
    expect(within(full).getAllByText("取消")).toHaveLength(1);
    expect((await rowOf("12月7日 周一 10:00-11:00")).textContent).toContain("暂无预约");
    expect(calls.find((call) => call.path === "questionary/bookings")?.params).toEqual({
      id: "7",
      from: "2026-12-07",
      to: "2026-12-07",
    });
    fireEvent.click(screen.getByText("周"));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === "questionary/bookings").at(-1)?.params).toEqual({
        id: "7",
        from: "2026-12-07",
        to: "2026-12-13",
      }),
    );
  });

  it("checks a code in and says what happened, the server's refusal included", async () => {
    const checked: CheckedInBooking = { booking: booking({}), alreadyCheckedIn: false, message: "签到成功" };
    let refuse = false;
    const calls = render(withBooking(), {
      "questionary/checkInBooking": () =>
        refuse ? new Failure(404, "没有找到该预约，请核对预约凭证") : checked,
    });
    const input = (await screen.findByLabelText("预约凭证", {}, slow)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "k7p2-qx9m" } });
    fireEvent.click(button(screen.getByText("签到")));
    expect((await screen.findByText("签到成功：12月7日 周一 09:00-10:00")).textContent).toBeTruthy();
    expect(calls.find((call) => call.path === "questionary/checkInBooking")?.body).toEqual({
      id: 7,
      code: "K7P2QX9M",
    });
    expect(input.value).toBe("");
    refuse = true;
    fireEvent.change(input, { target: { value: "ZZZZ9999" } });
    fireEvent.click(button(screen.getByText("签到")));
    expect(await screen.findByText("没有找到该预约，请核对预约凭证")).toBeTruthy();
    expect(input.value).toBe("ZZZZ9999");
  });

  it("cancels a booking after confirming", async () => {
    const calls = render(withBooking(), {
      "questionary/cancelBooking": () => booking({ status: "cancelled" }),
    });
    const full = await rowOf("12月7日 周一 09:00-10:00");
    fireEvent.click(button(within(full).getByText("取消")));
    fireEvent.click(button(await screen.findByText("取消预约", {}, slow)));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "questionary/cancelBooking")?.body).toEqual({
        id: 7,
        bookingId: 1,
      }),
    );
  });

  it("offers no check-in or cancel to a role that only views results", async () => {
    render(withBooking("viewer"));
    await rowOf("12月7日 周一 09:00-10:00");
    expect(screen.queryByTestId("booking-check-in")).toBeNull();
    expect(screen.queryByText("取消")).toBeNull();
  });
});
