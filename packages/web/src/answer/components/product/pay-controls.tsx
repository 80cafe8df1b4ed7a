import type { FormOrderPayStart, PayProviderOption } from "@wjgj/core/api/form-orders-api";
import { useId } from "react";
import { QrImage } from "../booking/qr-image.tsx";
import { scanHint } from "./pay-env.ts";

/** 支付方式: one radio per provider the server offers, and 立即支付. */
export function ProviderPicker({
  providers,
  value,
  busy,
  onChange,
  onPay,
}: {
  providers: readonly PayProviderOption[];
  value: string;
  busy: boolean;
  onChange(provider: string): void;
  onPay(): void;
}) {
  const uid = useId();
  return (
    <div className="wa-product-pay-controls">
      <div className="wa-product-providers" role="radiogroup" aria-label="支付方式">
        {providers.map((provider) => (
          <label
            key={provider.name}
            className={`wa-product-provider${provider.name === value ? " is-on" : ""}`}
          >
            <input
              type="radio"
              name={`${uid}-provider`}
              value={provider.name}
              checked={provider.name === value}
              onChange={() => onChange(provider.name)}
            />
            <span>{provider.label}</span>
          </label>
        ))}
      </div>
      <button type="button" className="wa-product-paybtn" disabled={busy} onClick={onPay}>
        {busy ? "正在发起支付…" : "立即支付"}
      </button>
    </div>
  );
}

/** The code to scan (a computer, or the local fake), with 模拟扫码支付 for the fake and 更换支付方式. */
export function ScanToPay({
  start,
  provider,
  providerLabel,
  busy,
  onFakePay,
  onBack,
}: {
  start: FormOrderPayStart;
  provider: string;
  providerLabel: string;
  busy: boolean;
  onFakePay(): void;
  onBack(): void;
}) {
  return (
    <div className="wa-product-pay-controls" data-testid="form-order-scan">
      {start.codeUrl ? (
        <QrImage text={start.codeUrl} label={`${providerLabel}付款二维码`} className="wa-product-qr" />
      ) : null}
      <p className="wa-product-note">{scanHint(provider)}</p>
      {provider === "fake" ? (
        <button type="button" className="wa-product-paybtn" disabled={busy} onClick={onFakePay}>
          {busy ? "正在支付…" : "模拟扫码支付"}
        </button>
      ) : null}
      <p className="wa-product-note" aria-live="polite">
        支付完成后本页会自动更新
      </p>
      <button type="button" className="wa-product-linkbtn" onClick={onBack}>
        更换支付方式
      </button>
    </div>
  );
}
