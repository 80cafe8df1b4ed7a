import { fenToYuan, type OrderView, type PayStartView } from "@wjgj/core";
import { Button, Spin } from "antd";
import { useEffect } from "react";
import { useOrderUntilSettled } from "../../../api/pay.ts";
import { useQrCode } from "../../../components/share-dialog/use-qr-code.ts";

const scanHints: Record<string, string> = {
  wechat: "请使用微信扫一扫，扫描上方二维码完成支付",
  alipay: "请使用支付宝扫一扫，扫描上方二维码完成支付",
  fake: "本地模拟支付通道：点击下方按钮即视为已扫码完成支付，不会产生真实扣款。",
};

const providerNames: Record<string, string> = { wechat: "微信支付", alipay: "支付宝", fake: "模拟支付" };

interface CheckoutScanProps {
  start: PayStartView;
  /** The provider the order is being paid with: wechat, alipay, or the local fake (PAY_FAKE only). */
  provider: string;
  scanning: boolean;
  onScanned: () => void;
  onPaid: (order: OrderView) => void;
}

/**
 * The QR step: the provider's own code_url drawn as a QR code, the order read until it is paid (the
 * provider's notification settles it on the server). Only the local fake, which the server offers when
 * PAY_FAKE is on, has a 模拟扫码支付 button; a real provider is paid from the phone.
 */
export function CheckoutScan({ start, provider, scanning, onScanned, onPaid }: CheckoutScanProps) {
  const qr = useQrCode(start.codeUrl, 200);
  const order = useOrderUntilSettled(start.order.orderNo);
  const settled = order.data?.status === "paid" ? order.data : null;
  useEffect(() => {
    if (settled) onPaid(settled);
  }, [settled, onPaid]);
  const name = providerNames[provider] ?? provider;

  return (
    <div className="wj-checkout__scan" data-testid="checkout-scan">
      <p>
        订单号 <strong>{start.order.orderNo}</strong>，应付{" "}
        <strong>¥{fenToYuan(start.order.amountFen)}</strong>
      </p>
      <div className="wj-checkout__qr">
        {qr.status === "ready" ? (
          <img src={qr.dataUrl} alt={`${name}二维码`} width={200} height={200} data-code={start.codeUrl} />
        ) : qr.status === "failed" ? (
          <span role="alert">二维码生成失败，请关闭后重新支付</span>
        ) : (
          <Spin aria-label="正在生成二维码" />
        )}
      </div>
      <p className="wj-checkout__hint">{scanHints[provider] ?? "请扫描上方二维码完成支付"}</p>
      {provider === "fake" ? (
        <Button type="primary" block loading={scanning} onClick={onScanned}>
          模拟扫码支付
        </Button>
      ) : (
        <p className="wj-checkout__hint" aria-live="polite">
          支付完成后本页会自动更新
        </p>
      )}
    </div>
  );
}
