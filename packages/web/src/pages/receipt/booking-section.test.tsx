import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { BookingSlotView, Receipt, ReceiptBooking } from "@wjgj/core";
import { describe, expect, it, vi } from "vitest";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";

const booking = (patch: Partial<ReceiptBooking> = {}): ReceiptBooking => ({
  questionId: "visit",
  title: "预约体检时间",
  slotKey: "2099-03-02T09:00-10:00",
  label: "3月2日 周一 09:00-10:00",
  status: "active",
  checkedInAt: null,
  changeable: true,
  ...patch,
});
let current = booking();
const receipt = (): Receipt => ({
  questionnaireTitle: "体检预约",
  publicId: "pub1",
  submittedAt: "2099-03-01 10:00:00",
  state: "kept",
  items: [],
  bookings: [current],
  erasure: null,
  review: null,
});
const slot = (key: string, remaining: number): BookingSlotView => ({
  key,
  date: key.slice(0, 10),
  start: key.slice(11, 16),
  end: key.slice(17),
  label: `3月2日 周一 ${key.slice(11)}`,
  places: 5,
  remaining,
  bookable: remaining > 0,
});

const requests = fakeApiForEachTest({
  "anQuestion/getReceipt": () => receipt(),
  "anQuestion/bookingSlots": {
    slots: [
      slot("2099-03-02T09:00-10:00", 4),
      slot("2099-03-02T10:00-11:00", 2),
      slot("2099-03-02T11:00-12:00", 0),
    ],
  },
  "anQuestion/moveBooking": () => {
    current = booking({ slotKey: "2099-03-02T10:00-11:00", label: "3月2日 周一 10:00-11:00" });
    return current;
  },
  "anQuestion/cancelBooking": () => {
    current = booking({ status: "cancelled", changeable: false });
    return current;
  },
});

const bodyOf = (path: string) => {
  const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes(path));
  return JSON.parse(String(call?.[1]?.body ?? "null")) as unknown;
};

describe("我的预约 on the receipt", { timeout: 30_000 }, () => {
  it("moves the booking to a slot picked from the live ones", async () => {
    current = booking();
    renderRoute("/receipt/5.abc");
    const card = await screen.findByTestId("receipt-booking", {}, { timeout: 10_000 });
    expect(card.textContent).toContain("3月2日 周一 09:00-10:00 已预约");
    expect(within(card).getByText("添加到日历").closest("a")?.getAttribute("href")).toBe(
      "/wjgj/api/anQuestion/bookingIcs?token=5.abc&questionId=visit",
    );
    fireEvent.click(within(card).getByText("改约"));
    const dialog = await screen.findByRole("dialog");
    // The current slot is not offered again; a full one is offered but disabled.
    const radios = (await within(dialog).findAllByRole("radio")).filter((radio) =>
      radio.getAttribute("name")?.endsWith("-slot"),
    ) as HTMLInputElement[];
    expect(radios.map((radio) => [radio.getAttribute("aria-label"), radio.disabled])).toEqual([
      ["3月2日 周一 10:00-11:00，剩余 2", false],
      ["3月2日 周一 11:00-12:00，已约满", true],
    ]);
    expect(requests.some((url) => url.includes("bookingSlots?publicId=pub1&questionId=visit"))).toBe(true);
    fireEvent.click(radios[0] as HTMLInputElement);
    fireEvent.click(within(dialog).getByText("确认改约"));
    await waitFor(() =>
      expect(screen.getByTestId("receipt-booking-label").textContent).toContain("10:00-11:00"),
    );
    expect(bodyOf("anQuestion/moveBooking")).toEqual({
      token: "5.abc",
      questionId: "visit",
      slotKey: "2099-03-02T10:00-11:00",
    });
  });

  it("cancels after confirming, then offers nothing more", async () => {
    current = booking();
    renderRoute("/receipt/5.abc");
    const card = await screen.findByTestId("receipt-booking", {}, { timeout: 10_000 });
    expect(within(card).getByText("改约")).toBeTruthy();
    fireEvent.click(within(card).getByText("取消预约"));
    const confirm = await screen.findByRole("dialog");
    fireEvent.click(within(confirm).getByText("取消预约"));
    await waitFor(() => expect(screen.getByTestId("receipt-booking").textContent).toContain("已取消"));
    expect(bodyOf("anQuestion/cancelBooking")).toEqual({ token: "5.abc", questionId: "visit" });
    const cancelled = screen.getByTestId("receipt-booking");
    expect(within(cancelled).queryByText("取消预约")).toBeNull();
    expect(within(cancelled).queryByText("改约")).toBeNull();
  });
});
