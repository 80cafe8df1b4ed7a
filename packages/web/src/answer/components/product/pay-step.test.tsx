import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReceiptFormOrder } from "@wjgj/core/api/form-orders-api";
import type { SubmitReply } from "@wjgj/core/pages/answer";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThankYou } from "../screens/thank-you.tsx";
import { PayStep } from "./pay-step.tsx";

const order = (patch: Partial<ReceiptFormOrder> = {}): ReceiptFormOrder => ({
  orderNo: "FO202612040001",
  questionId: "goods",
  lines: [
    {
      itemId: "shirt",
      name: "文化衫",
      variant: { 尺码: "M" },
      quantity: 1,
      unitPriceFen: 5900,
      amountFen: 5900,
    },
    { itemId: "badge", name: "徽章", quantity: 2, unitPriceFen: 1000, amountFen: 2000 },
  ],
  totalFen: 7900,
  refundedFen: 0,
  status: "pending",
  statusLabel: "待支付",
  createdAt: "2026-12-04 18:00:00",
  expiresAt: "2026-12-04 18:30:00",
  paidAt: "",
  payable: true,
  providers: [{ name: "fake", label: "模拟支付（本地测试通道）" }],
  ...patch,
});

const summary = {
  orderNo: "FO202612040001",
  totalFen: 7900,
  status: "pending" as const,
  expiresAt: "2026-12-04 18:30:00",
};

/** fetch answering by API path from `answers` (a function of the call count of its path, or the envelope). */
function fakeApi(answers: Record<string, (count: number) => { code: number; msg: string; data: unknown }>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = answers[path];
      const envelope = answer
        ? answer(calls.filter((call) => call.path === path).length)
        : { code: 404, msg: "x", data: null };
      return new Response(JSON.stringify(envelope));
    }),
  );
  return calls;
}
const ok = (data: unknown) => ({ code: 200, msg: "", data });

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the pay step (商品订单)", () => {
  it("pays with the local fake from the thank-you screen, polls the order and shows 支付成功", async () => {
    let paid = false;
    const calls = fakeApi({
      "anQuestion/formOrder": () =>
        ok(
          paid
            ? order({ status: "paid", statusLabel: "已支付", paidAt: "2026-12-04 18:05:00", payable: false })
            : order(),
        ),
      "anQuestion/payFormOrder": () => ok({ order: order(), codeUrl: "fake://pay/FO202612040001" }),
      "anQuestion/fakePayFormOrder": () => ok({ delivered: true }),
    });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
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
      order: summary,
    };
    const definition = buildSurvey([{ id: "q1", type: "text", title: "姓名", config: {} }]);
    render(<ThankYou reply={reply} definition={definition} answers={{}} />);

    // The pay step is a lazy chunk of the thank-you screen (its first import transforms it).
    const step = await screen.findByTestId("form-order-pay", {}, { timeout: 15_000 });
    expect(step.textContent).toContain("订单待支付");
    // Not yet 提交成功: the response counts once the order is paid.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("已提交，请完成支付");
    expect(step.textContent).toContain("FO202612040001");
    expect(step.textContent).toContain("¥79.00");
    expect(step.textContent).toContain("请在 18:30 前完成支付，超时订单将自动关闭");
    const table = await screen.findByTestId("order-lines");
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["商品规格数量小计", "文化衫尺码：M1¥59.00", "徽章—2¥20.00", "合计¥79.00"]);
    const providers = screen.getByRole("radiogroup", { name: "支付方式" });
    expect(
      (within(providers).getByRole("radio", { name: "模拟支付（本地测试通道）" }) as HTMLInputElement)
        .checked,
    ).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
    expect(await screen.findByText("请使用微信/支付宝扫码支付")).toBeTruthy();
    expect(calls.find((call) => call.path === "anQuestion/payFormOrder")?.body).toEqual({
      token: "5.abc",
      provider: "fake",
      channel: "native",
    });
    const qr = await screen.findByRole(
      "img",
      { name: "模拟支付（本地测试通道）付款二维码" },
      // The QR library is imported on first use: on a loaded machine its first transform takes seconds.
      { timeout: 15_000 },
    );
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);

    fireEvent.click(screen.getByRole("button", { name: "模拟扫码支付" }));
    // The order is read again at once; the notification has not settled it yet.
    const readsAfterFakePay = () => {
      const at = calls.findIndex((call) => call.path === "anQuestion/fakePayFormOrder");
      return at < 0 ? 0 : calls.slice(at).filter((call) => call.path === "anQuestion/formOrder").length;
    };
    await vi.waitFor(() => expect(readsAfterFakePay()).toBe(1));
    expect(calls.find((call) => call.path === "anQuestion/fakePayFormOrder")?.body).toEqual({
      token: "5.abc",
    });
    expect(screen.queryByText("支付成功")).toBeNull();
    // A moment later it is paid: the next poll (every 2 s) finds it.
    paid = true;
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(await screen.findByText("支付成功")).toBeTruthy();
    expect(readsAfterFakePay()).toBe(2);
    expect(step.textContent).toContain("支付时间：2026-12-04 18:05:00");
    expect(screen.queryByRole("button", { name: "模拟扫码支付" })).toBeNull();
    expect(screen.queryByRole("button", { name: "立即支付" })).toBeNull();
    // Settled: no more polling.
    const settled = calls.length;
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(calls).toHaveLength(settled);
  });

  it("says an order past its time is closed, without pay controls", async () => {
    fakeApi({
      "anQuestion/formOrder": () =>
        ok(order({ status: "expired", statusLabel: "已超时关闭", payable: false })),
    });
    render(<PayStep token="5.abc" summary={summary} />);
    expect(await screen.findByText("订单已超时关闭")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "立即支付" })).toBeNull();
    expect(screen.queryByText(/前完成支付/)).toBeNull();
  });

  it("tells the payer when no provider is set up", async () => {
    fakeApi({ "anQuestion/formOrder": () => ok(order({ providers: [] })) });
    render(<PayStep token="5.abc" summary={summary} />);
    expect(await screen.findByText("暂未开通在线支付，请联系发布者")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "立即支付" })).toBeNull();
  });

  it("shows the server's message when the payment cannot start", async () => {
    fakeApi({
      "anQuestion/formOrder": () => ok(order()),
      "anQuestion/payFormOrder": () => ({
        code: 409,
        msg: "订单已支付、已关闭或已超时，不能再支付",
        data: null,
      }),
    });
    render(<PayStep token="5.abc" summary={summary} />);
    fireEvent.click(await screen.findByRole("button", { name: "立即支付" }));
    expect((await screen.findByRole("alert")).textContent).toBe("订单已支付、已关闭或已超时，不能再支付");
    // Still there to try again.
    expect((screen.getByRole("button", { name: "立即支付" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("inside WeChat without the payer's openid, goes through the authorisation once, then says why", async () => {
    const wechat = { name: "wechat", label: "微信支付" };
    fakeApi({
      "anQuestion/formOrder": () => ok(order({ providers: [wechat] })),
      "anQuestion/payFormOrder": () =>
        ok({ order: order({ providers: [wechat] }), codeUrl: "", wechatAuthorize: true }),
    });
    sessionStorage.clear();
    render(<PayStep token="7.wx" summary={summary} />);
    fireEvent.click(await screen.findByRole("button", { name: "立即支付" }));
    // The page left for wechat/payAuthorize (jsdom does not navigate): the browser remembers it tried.
    await vi.waitFor(() => expect(sessionStorage.getItem("wjgj-pay-authorising")).toBe("7.wx"));
    expect(screen.queryByRole("alert")).toBeNull();
    // Back without an openid (the payer declined): no second round trip, a reason instead.
    fireEvent.click(screen.getByRole("button", { name: "立即支付" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "未获得微信授权，无法在微信内支付，请在电脑上打开回执链接扫码支付",
    );
    expect(sessionStorage.getItem("wjgj-pay-authorising")).toBeNull();
  });
});
