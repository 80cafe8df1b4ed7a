import { type FormEvent, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import { type PhoneCode, PhoneCodeFields } from "./phone-code-fields.tsx";
import type { ResponseProof } from "./response-proof.ts";

function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** 领取红包: verify a phone with an SMS code; the money goes to that phone's account balance. */
export function RedPacketClaim(props: { redPacketId: number; claimed: boolean; proof: ResponseProof }) {
  const [verified, setVerified] = useState<PhoneCode>({ phone: "", code: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [result, setResult] = useState<{ amountFen: number; status: string } | null>(null);

  if (props.claimed && !result) return <p className="wa-hint">这份答卷已领取过红包</p>;
  if (result)
    return (
      <p className="wa-status-name" role="status" data-testid="red-packet-result">
        {result.status === "paid"
          ? `恭喜获得 ${yuan(result.amountFen)} 元红包，已存入该手机号的账户余额`
          : result.status === "paying"
            ? `恭喜获得 ${yuan(result.amountFen)} 元红包，正在发放到您的微信零钱`
            : `恭喜获得 ${yuan(result.amountFen)} 元红包，将在发布者审核后发放`}
      </p>
    );

  const handleClaim = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await apiCall<{ amountFen: number; status: string }>("POST", "redPacket/claimRedPacket", {
      body: { json: { ...props.proof, redPacketId: props.redPacketId, ...verified } },
    });
    setBusy(false);
    if (outcome.ok) setResult(outcome.data);
    else setError(outcome.msg);
  };

  return (
    <form className="wa-reward-form" onSubmit={handleClaim} aria-label="领取红包">
      <PhoneCodeFields purpose="redPacket" value={verified} onChange={setVerified} onError={setError} />
      {error ? (
        <p className="wa-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="wa-btn wa-btn-block" disabled={busy}>
        领取红包
      </button>
    </form>
  );
}
