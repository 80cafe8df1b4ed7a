import type { WinnerField } from "@wjgj/core/api/rewards";
import { type FormEvent, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import type { ResponseProof } from "./response-proof.ts";

const LABELS: Record<WinnerField, string> = { name: "姓名", phone: "手机号", address: "收货地址" };

/** 领奖信息: what the creator asked winners of physical prizes to fill in. */
export function WinnerForm(props: { fields: WinnerField[]; filled: boolean; proof: ResponseProof }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [done, setDone] = useState(props.filled);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  if (done)
    return (
      <p className="wa-hint" data-testid="winner-form-done">
        领奖信息已提交，奖品将尽快发放
      </p>
    );
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await apiCall("POST", "prize/submitWinnerInfo", {
      body: { json: { ...props.proof, ...values } },
    });
    setBusy(false);
    if (outcome.ok) setDone(true);
    else setError(outcome.msg);
  };
  return (
    <form className="wa-reward-form" onSubmit={handleSubmit} aria-label="领奖信息">
      <p className="wa-hint">请填写领奖信息</p>
      {props.fields.map((field) => (
        <label key={field} className="wa-reward-field">
          <span>{LABELS[field]}</span>
          <input
            className="wa-input"
            name={field}
            inputMode={field === "phone" ? "numeric" : undefined}
            value={values[field] ?? ""}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
        </label>
      ))}
      {error ? (
        <p className="wa-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="wa-btn wa-btn-block" disabled={busy}>
        提交领奖信息
      </button>
    </form>
  );
}
