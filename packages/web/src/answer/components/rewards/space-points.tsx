import { useEffect, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import type { ResponseProof } from "./response-proof.ts";

/**
 * 互填积分: an answer that came from the answer space claims its points on the thank-you screen (loaded as
 * its own chunk, only for `?source=mutual`). The server decides; this shows the points or why there are none.
 */
export default function SpacePoints(props: { proof: ResponseProof }) {
  const [text, setText] = useState("正在计算互填积分…");
  const [earned, setEarned] = useState(false);
  const { responseId, idempotencyKey } = props.proof;

  useEffect(() => {
    let live = true;
    void apiCall<{ points: number; balance: number }>("POST", "answerSpace/getSpacePoints", {
      body: { json: { responseId, idempotencyKey } },
    }).then((outcome) => {
      if (!live) return;
      if (outcome.ok) {
        setEarned(true);
        setText(`获得 ${outcome.data.points} 积分，当前积分 ${outcome.data.balance}`);
      } else
        setText(
          outcome.kind === "business" && outcome.code === 303 ? "登录后从互填答题才能获得积分" : outcome.msg,
        );
    });
    return () => {
      live = false;
    };
  }, [responseId, idempotencyKey]);

  return (
    <section className="wa-reward" aria-label="互填积分" data-testid="space-points">
      <p className={earned ? "wa-result-title" : "wa-hint"} role="status">
        {text}
      </p>
      <a className="wa-hint" href="/website/mutual">
        返回互助答题
      </a>
    </section>
  );
}
