import { render, screen } from "@testing-library/react";
import type { SubmitReply } from "@wjgj/core/pages/answer";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { describe, expect, it } from "vitest";
import { ThankYou } from "../screens/thank-you.tsx";

const reply: SubmitReply = {
  responseId: 5,
  preview: false,
  endState: "submitted",
  thankYouText: "",
  redirectUrl: "",
  redirectSeconds: 0,
  exam: null,
  voteResults: null,
  receiptToken: "5.abc",
  bookings: [
    {
      questionId: "bk",
      slotKey: "2026-12-07T09:00-10:00",
      label: "12月7日 周一 09:00-10:00",
      code: "K7P2QX9M",
    },
  ],
};
const definition = buildSurvey([{ id: "bk", type: "text", title: "预约", config: {} }]);

describe("the thank-you screen after booking (预约)", () => {
  it("shows the slot, the code with its QR, 添加到日历 and the receipt", async () => {
    render(<ThankYou reply={reply} definition={definition} answers={{}} publicId="pub1" />);
    const card = await screen.findByTestId("booking-confirmation");
    expect(card.textContent).toContain("12月7日 周一 09:00-10:00");
    expect(screen.getByTestId("booking-code").textContent).toBe("K7P2QX9M");
    const calendar = screen.getByRole("link", { name: "添加到日历" });
    expect(calendar.getAttribute("href")).toBe("/wjgj/api/anQuestion/bookingIcs?token=5.abc&questionId=bk");
    expect(screen.getByRole("link", { name: "改约或取消预约" }).getAttribute("href")).toBe("/receipt/5.abc");
    const qr = await screen.findByTestId("booking-qr", {}, { timeout: 5000 });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(qr.getAttribute("alt")).toBe("预约凭证 K7P2QX9M 的二维码");
  });

  it("shows no booking part when nothing was booked", () => {
    render(<ThankYou reply={{ ...reply, bookings: [] }} definition={definition} answers={{}} />);
    expect(screen.queryByTestId("booking-confirmation")).toBeNull();
  });
});
