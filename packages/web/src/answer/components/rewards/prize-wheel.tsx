import type { DrawResult, RewardOffer } from "@wjgj/core/api/rewards";
import { useRef, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import { type PhoneCode, PhoneCodeFields } from "./phone-code-fields.tsx";
import { PublicWinners } from "./public-winners.tsx";
import type { ResponseProof } from "./response-proof.ts";
import { WinnerForm } from "./winner-form.tsx";

type Prize = NonNullable<RewardOffer["prize"]>["prizes"][number];

const COLORS = ["#ffe3c2", "#fff4d6"];

/** The wheel's slices: every prize and one 谢谢参与 (unless the creator named one). */
function slicesOf(prizes: readonly Prize[]): string[] {
  const names = prizes.map((p) => p.name);
  return prizes.some((p) => p.prizeType === "none") ? names : [...names, "谢谢参与"];
}

function reducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** 抽奖: a CSS wheel that turns to the server's result (the server decides; the wheel only shows it). */
export function PrizeWheel(props: {
  offer: NonNullable<RewardOffer["prize"]>;
  proof: ResponseProof;
  publicId: string;
}) {
  const [result, setResult] = useState<DrawResult | null>(props.offer.result);
  const [shown, setShown] = useState(props.offer.result !== null);
  const [turn, setTurn] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Draws counted per phone: the phone is verified with the draw itself.
  const [verified, setVerified] = useState<PhoneCode>({ phone: "", code: "" });
  const finished = useRef(false);
  const slices = slicesOf(props.offer.prizes);
  const step = 360 / slices.length;

  const reveal = () => {
    if (finished.current) return;
    finished.current = true;
    setShown(true);
  };

  const handleDraw = async () => {
    setBusy(true);
    setError("");
    const json = props.offer.needsPhone ? { ...props.proof, ...verified } : props.proof;
    const outcome = await apiCall<DrawResult>("POST", "prize/draw", { body: { json } });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.msg);
      return;
    }
    const landing = outcome.data.prize ? slices.indexOf(outcome.data.prize.name) : slices.indexOf("谢谢参与");
    const index = landing < 0 ? slices.length - 1 : landing;
    setResult(outcome.data);
    finished.current = false;
    // Five turns, then the chosen slice's middle under the pointer at the top.
    setTurn(5 * 360 + (360 - (index * step + step / 2)));
    if (reducedMotion()) reveal();
    else window.setTimeout(reveal, 4500);
  };

  const gradient = slices.map((_, i) => `${COLORS[i % 2]} ${i * step}deg ${(i + 1) * step}deg`).join(", ");
  return (
    <section className="wa-reward" aria-labelledby="wa-draw-title">
      <h2 id="wa-draw-title" className="wa-result-title">
        幸运抽奖
      </h2>
      <div className="wa-wheel-box">
        <span className="wa-wheel-pointer" aria-hidden="true" />
        <div
          className="wa-wheel"
          data-testid="prize-wheel"
          style={{ background: `conic-gradient(${gradient})`, transform: `rotate(${turn}deg)` }}
          onTransitionEnd={reveal}
          aria-hidden="true"
        >
          {slices.map((name, i) => {
            const middle = i * step + step / 2;
            // Where the slice stands once the wheel rests (before the draw, or on the result): a label in the
            // lower half turns its text around, so every prize reads upright rather than upside down.
            const resting = (((middle + turn) % 360) + 360) % 360;
            const lower = resting > 90 && resting < 270;
            return (
              <span key={name} className="wa-wheel-label" style={{ transform: `rotate(${middle}deg)` }}>
                <span className={lower ? "wa-wheel-text is-turned" : "wa-wheel-text"}>{name}</span>
              </span>
            );
          })}
        </div>
      </div>
      {!result && props.offer.needsPhone ? (
        <fieldset className="wa-reward-form wa-reward-fieldset">
          <legend className="wa-hint">每个手机号可抽奖的次数有限，请先验证手机号</legend>
          <PhoneCodeFields purpose="draw" value={verified} onChange={setVerified} onError={setError} />
        </fieldset>
      ) : null}
      {!result ? (
        <button type="button" className="wa-btn wa-btn-block" disabled={busy} onClick={handleDraw}>
          {busy ? "抽奖中…" : "抽奖"}
        </button>
      ) : null}
      {error ? (
        <p className="wa-error" role="alert">
          {error}
        </p>
      ) : null}
      {result && shown ? (
        <div className="wa-draw-result" role="status" data-testid="draw-result">
          {result.won && result.prize ? (
            <>
              <p className="wa-status-name">{`恭喜您抽中：${result.prize.name}`}</p>
              {result.couponCode ? (
                <p className="wa-coupon">
                  券码：<b data-testid="coupon-code">{result.couponCode}</b>
                </p>
              ) : null}
              {result.winnerFields.length > 0 ? (
                <WinnerForm fields={result.winnerFields} filled={result.winnerFilled} proof={props.proof} />
              ) : null}
            </>
          ) : (
            <p className="wa-status-name">{result.prize ? result.prize.name : "谢谢参与"}，感谢您的参与！</p>
          )}
        </div>
      ) : null}
      {props.offer.publicWinners && (!result || shown) ? <PublicWinners publicId={props.publicId} /> : null}
    </section>
  );
}
