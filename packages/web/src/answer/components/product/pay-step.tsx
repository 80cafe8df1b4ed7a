import type { FormOrderPayStart, ReceiptFormOrder, SubmittedFormOrder } from "@wjgj/core/api/form-orders-api";
import { fenToYuan } from "@wjgj/core/api/money";
import { useCallback, useEffect, useRef, useState } from "react";
import { answerPayClient, type FormOrderPayClient } from "./api.ts";
import { OrderLines } from "./order-lines.tsx";
import { ProviderPicker, ScanToPay } from "./pay-controls.tsx";
import { authoriseWeChatPay, clockOf, h5Href, invokeWeChatPay, payChannel } from "./pay-env.ts";
import "./product.css";

/** A pending order is read this often (while the page is visible) until it is paid or closed. */
export const ORDER_POLL_MS = 2_000;

export interface PayStepProps {
  /** The receipt token: the key of the order's calls. */
  token: string;
  /** What the page already knows of the order (the submit's reply, the receipt): shown at once. */
  summary: Pick<SubmittedFormOrder, "orderNo" | "totalFen" | "status" | "expiresAt">;
  /** The calls; the answer page's tiny client unless the receipt passes the main app's. */
  client?: FormOrderPayClient;
  /** The lines table (the receipt shows its own). */
  showLines?: boolean;
  /** Once the order is no longer pending (paid, closed): the receipt reloads. */
  onSettled?(order: ReceiptFormOrder): void;
}

function Heading({ order, closed }: { order: ReceiptFormOrder | null; closed: boolean }) {
  if (order?.status === "paid")
    return (
      <>
        <h2 className="is-ok">支付成功</h2>
        {order.paidAt ? <p>支付时间：{order.paidAt}</p> : null}
      </>
    );
  if (closed) return <h2 className="is-off">订单已超时关闭</h2>;
  if (order && order.status !== "pending") return <h2>{order.statusLabel}</h2>;
  return <h2>订单待支付</h2>;
}

/**
 * 订单待支付 (issue #41): the order a response placed, its lines, the providers the server offers and 立即支付 —
 * WeChat's sheet inside WeChat, WeChat Pay's page on a phone, a QR code on a computer (the local fake: 模拟扫码支付).
 * The order is read every 2 s while pending, so 支付成功 shows as soon as the notification settles it.
 */
export function PayStep({
  token,
  summary,
  client = answerPayClient,
  showLines = true,
  onSettled,
}: PayStepProps) {
  const [order, setOrder] = useState<ReceiptFormOrder | null>(null);
  const [loadError, setLoadError] = useState("");
  const [picked, setPicked] = useState("");
  const [start, setStart] = useState<FormOrderPayStart | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [note, setNote] = useState("");
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    const outcome = await client.order(token);
    if (!live.current) return;
    if (outcome.ok) {
      setOrder(outcome.data);
      setLoadError("");
    } else setLoadError(outcome.msg);
  }, [client, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const status = order?.status ?? summary.status;
  // Read by the timer: a settled order asks nothing more even before the effect below has stopped it.
  const latestStatus = useRef(status);
  latestStatus.current = status;
  useEffect(() => {
    if (status !== "pending") return;
    const timer = setInterval(() => {
      if (latestStatus.current !== "pending" || document.visibilityState !== "visible") return;
      void client.order(token).then((outcome) => {
        if (live.current && outcome.ok) setOrder(outcome.data);
      });
    }, ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [status, client, token]);

  const reported = useRef(false);
  useEffect(() => {
    if (!order || order.status === "pending" || reported.current) return;
    reported.current = true;
    onSettled?.(order);
  }, [order, onSettled]);

  const providers = order?.providers ?? [];
  const provider = providers.some((item) => item.name === picked) ? picked : (providers[0]?.name ?? "");
  const providerLabel = providers.find((item) => item.name === provider)?.label ?? provider;
  // Pending but past its deadline: the server closes it on its next look.
  const closed = status === "expired" || (order !== null && status === "pending" && !order.payable);
  const open = status === "pending" && !closed;

  const handlePay = async () => {
    setBusy(true);
    setError("");
    setNote("");
    const outcome = await client.pay({ token, provider, channel: payChannel(provider) });
    if (!live.current) return;
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.msg);
      return;
    }
    const started = outcome.data;
    setOrder(started.order);
    if (started.wechatAuthorize) {
      if (!authoriseWeChatPay(token))
        setError("未获得微信授权，无法在微信内支付，请在电脑上打开回执链接扫码支付");
    } else if (started.jsapi) {
      const result = await invokeWeChatPay(started.jsapi);
      if (result === "ok") {
        setNote("正在确认支付结果，请稍候…");
        void load();
      } else if (result === "cancel") setNote("已取消支付，可重新发起");
      else setError("微信支付未能完成，请重试或更换支付方式");
    } else if (started.h5Url) {
      window.location.href = h5Href(started.h5Url, token);
    } else setStart(started);
  };

  const handleFakePay = async () => {
    setBusy(true);
    setError("");
    const outcome = await client.fakePay(token);
    if (!live.current) return;
    setBusy(false);
    if (outcome.ok) void load();
    else setError(outcome.msg);
  };

  const controls = (() => {
    if (!open) return null;
    if (!order)
      return loadError ? (
        <p className="wa-product-error" role="alert">
          {loadError}
          <button type="button" className="wa-product-linkbtn" onClick={() => void load()}>
            重试
          </button>
        </p>
      ) : (
        <p className="wa-product-note" aria-busy="true">
          正在加载订单…
        </p>
      );
    if (providers.length === 0) return <p className="wa-product-note">暂未开通在线支付，请联系发布者</p>;
    if (start)
      return (
        <ScanToPay
          start={start}
          provider={provider}
          providerLabel={providerLabel}
          busy={busy}
          onFakePay={() => void handleFakePay()}
          onBack={() => setStart(null)}
        />
      );
    return (
      <ProviderPicker
        providers={providers}
        value={provider}
        busy={busy}
        onChange={setPicked}
        onPay={() => void handlePay()}
      />
    );
  })();

  const lines = showLines && order ? order.lines : [];
  return (
    <section className="wa-product-pay" aria-label="订单支付" data-testid="form-order-pay">
      <Heading order={order} closed={closed} />
      <p>
        订单号：<span className="wa-product-orderno">{order?.orderNo ?? summary.orderNo}</span>
      </p>
      <p>
        金额：<strong className="wa-product-amount">¥{fenToYuan(order?.totalFen ?? summary.totalFen)}</strong>
      </p>
      {open ? (
        <p className="wa-product-deadline">
          请在 {clockOf(order?.expiresAt ?? summary.expiresAt)} 前完成支付，超时订单将自动关闭
        </p>
      ) : null}
      {lines.length > 0 && order ? <OrderLines lines={lines} totalFen={order.totalFen} /> : null}
      {controls}
      {note && open ? (
        <p className="wa-product-note" aria-live="polite">
          {note}
        </p>
      ) : null}
      {error && open ? (
        <p className="wa-product-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default PayStep;
