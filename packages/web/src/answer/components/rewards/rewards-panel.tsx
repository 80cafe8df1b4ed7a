import type { RewardOffer } from "@wjgj/core/api/rewards";
import { useEffect, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import { PrizeWheel } from "./prize-wheel.tsx";
import { RedPacketClaim } from "./red-packet-claim.tsx";
import type { ResponseProof } from "./response-proof.ts";
import "./rewards.css";

/**
 * The thank-you screen's rewards (issue #17): loaded as its own chunk, only when the submit reply says the
 * questionnaire offers a draw or red packets, so the answer page itself stays light.
 */
export default function RewardsPanel(props: { proof: ResponseProof }) {
  const [offer, setOffer] = useState<RewardOffer | null>(null);
  const [error, setError] = useState("");
  const { responseId, idempotencyKey } = props.proof;

  useEffect(() => {
    let live = true;
    void apiCall<RewardOffer>("GET", "prize/getRewardOffer", {
      query: { responseId: String(responseId), idempotencyKey },
    }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) setOffer(outcome.data);
      else setError(outcome.msg);
    });
    return () => {
      live = false;
    };
  }, [responseId, idempotencyKey]);

  if (error)
    return (
      <p className="wa-error" role="alert">
        {error}
      </p>
    );
  if (!offer) return <p className="wa-hint">正在加载奖励…</p>;
  return (
    <div className="wa-rewards" data-testid="rewards">
      {offer.prize ? <PrizeWheel offer={offer.prize} proof={props.proof} publicId={offer.publicId} /> : null}
      {offer.redPackets.map((packet) => (
        <section key={packet.redPacketId} className="wa-reward" aria-label="领取红包">
          <h2 className="wa-result-title">{packet.packetType === "random" ? "拼手气红包" : "答卷红包"}</h2>
          <RedPacketClaim redPacketId={packet.redPacketId} claimed={packet.claimed} proof={props.proof} />
        </section>
      ))}
    </div>
  );
}
