import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { OrderView } from "@wjgj/core";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app.tsx";
import { qrDataUrl } from "../../../components/share-dialog/use-qr-code.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";

const base: OrderView = {
  orderNo: "",
  kind: "vip",
  itemName: "黄金会员（1年）",
  vipLevel: 1,
  vipDays: 365,
  amountFen: 9_900,
  status: "pending",
  provider: "",
  createdAt: "2026-06-01 10:00:00",
  paidAt: "",
};

const calls: string[] = [];
// Each case pays its own order: the app's query cache outlives a test.
let order = base;
let serial = 0;

/** The server as the dialog sees it: one provider offered, and the order paid once `paidAfter` reads. */
function server(
  provider: { name: string; label: string },
  codeUrl: string,
  paidAfter = Number.POSITIVE_INFINITY,
  started: Record<string, unknown> = {},
) {
  calls.length = 0;
  serial += 1;
  order = { ...base, orderNo: `2026060110000012345${serial}` };
  let reads = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      calls.push(path);
      const ok = (data: unknown) => Response.json({ code: 200, msg: "", data });
      if (path === "pay/getWallet") return ok({ availableFen: 0, frozenFen: 0, providers: [provider] });
      if (path === "pay/createOrder") return ok(order);
      if (path === "pay/payOrder") return ok({ order, codeUrl, ...started });
      if (path === "pay/getOrder") {
        reads += 1;
        return ok(reads >= paidAfter ? { ...order, status: "paid", provider: provider.name } : order);
      }
      if (path === "user/getUserInfo")
        return ok({ nickName: "张三", vipLevel: 1, vipStopTime: "2027-06-01 10:00:00" });
      return ok(null);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCheckout() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <CheckoutDialog
          open
          title="开通黄金会员"
          itemText="黄金会员（1年）"
          amountFen={9_900}
          order={{ kind: "vip", vipLevel: 1, period: "year" }}
          allowWallet={false}
          onClose={() => {}}
        />
      ),
    },
  ]);
  render(<App router={router} />);
}

async function payWith(label: RegExp) {
  fireEvent.click(await screen.findByRole("radio", { name: label }, { timeout: 20_000 }));
  fireEvent.click(screen.getByRole("button", { name: /确认支付/ }));
}

describe("checkout · the QR step", { timeout: 60_000 }, () => {
  it("WeChat Pay: shows the provider's code_url as a QR code, no simulated button, and finishes once the order is paid", async () => {
    const codeUrl = "weixin://wxpay/bizpayurl?pr=Xk9aB3c";
    server({ name: "wechat", label: "微信支付" }, codeUrl, 2);
    renderCheckout();
    await payWith(/微信支付/);
    const image = (await screen.findByRole(
      "img",
      { name: "微信支付二维码" },
      { timeout: 20_000 },
    )) as HTMLImageElement;
    expect(image.getAttribute("data-code")).toBe(codeUrl);
    expect(image.src).toBe(await qrDataUrl(codeUrl, 200));
    expect(screen.getByText(/请使用微信扫一扫/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /模拟扫码支付/ })).toBeNull();
    expect(calls).not.toContain("pay/fakeGatewayPay");
    // The provider's notification settles the order on the server; the dialog learns it by reading the order.
    await screen.findByText("开通成功", undefined, { timeout: 10_000 });
    expect(calls.filter((c) => c === "pay/getOrder").length).toBeGreaterThanOrEqual(2);
  });

  it("Alipay: the precreate qr_code is drawn, again without the simulated button", async () => {
    const codeUrl = "https://qr.alipay.com/bax08861e4bd5m1kqbnh0028";
    server({ name: "alipay", label: "支付宝" }, codeUrl);
    renderCheckout();
    await payWith(/支付宝/);
    const image = (await screen.findByRole(
      "img",
      { name: "支付宝二维码" },
      { timeout: 20_000 },
    )) as HTMLImageElement;
    expect(image.src).toBe(await qrDataUrl(codeUrl, 200));
    expect(screen.queryByRole("button", { name: /模拟扫码支付/ })).toBeNull();
  });

  it("the local fake (offered only when PAY_FAKE is on) adds 模拟扫码支付, which pays through the fake gateway", async () => {
    const codeUrl = "fakepay://pay?trade=local-1";
    server({ name: "fake", label: "模拟支付" }, codeUrl);
    renderCheckout();
    await payWith(/模拟支付/);
    await screen.findByRole("img", { name: "模拟支付二维码" }, { timeout: 20_000 });
    const simulate = screen.getByRole("button", { name: /模拟扫码支付/ });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
        calls.push(path);
        const data =
          path === "pay/getOrder"
            ? { ...order, status: calls.includes("pay/fakeGatewayPay") ? "paid" : "pending" }
            : path === "pay/fakeGatewayPay"
              ? { delivered: true }
              : { vipLevel: 1, vipStopTime: "2027-06-01 10:00:00" };
        return Response.json({ code: 200, msg: "", data });
      }),
    );
    fireEvent.click(simulate);
    await waitFor(() => expect(calls).toContain("pay/fakeGatewayPay"));
    await screen.findByText("开通成功", undefined, { timeout: 10_000 });
  });
});

describe("checkout · inside WeChat (JSAPI)", { timeout: 60_000 }, () => {
  const jsapi = {
    appId: "wxe2eofficial0001",
    timeStamp: "1780279200",
    nonceStr: "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
    package: "prepay_id=wx201410272009395522657a690389285100",
    signType: "RSA",
    paySign: "c2lnbmF0dXJl",
  };

  it("hands the signed request to WeChat's payment sheet and finishes once the order is paid", async () => {
    server({ name: "wechat", label: "微信支付" }, "", 2, { jsapi });
    const invoke = vi.fn((_name: string, _params: unknown, callback: (res: { err_msg: string }) => void) =>
      callback({ err_msg: "get_brand_wcpay_request:ok" }),
    );
    vi.stubGlobal("WeixinJSBridge", { invoke });
    renderCheckout();
    await payWith(/微信支付/);
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
    expect(invoke.mock.calls[0]?.[0]).toBe("getBrandWCPayRequest");
    expect(invoke.mock.calls[0]?.[1]).toEqual(jsapi);
    // No QR code inside WeChat: the sheet pays, the notification settles.
    expect(screen.queryByRole("img", { name: "微信支付二维码" })).toBeNull();
    await screen.findByText("开通成功", undefined, { timeout: 10_000 });
  });

  it("says so when the payer closes WeChat's sheet, and offers the choice again", async () => {
    server({ name: "wechat", label: "微信支付" }, "", Number.POSITIVE_INFINITY, { jsapi });
    vi.stubGlobal("WeixinJSBridge", {
      invoke: (_name: string, _params: unknown, callback: (res: { err_msg: string }) => void) =>
        callback({ err_msg: "get_brand_wcpay_request:cancel" }),
    });
    renderCheckout();
    await payWith(/微信支付/);
    await screen.findByText("已取消支付，可重新选择支付方式", undefined, { timeout: 10_000 });
    expect(screen.getByRole("button", { name: /确认支付/ })).toBeTruthy();
  });
});
