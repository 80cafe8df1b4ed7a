import type { PublicWinnerView } from "@wjgj/core/api/rewards";
import { useState } from "react";
import { apiCall } from "../../lib/api.ts";

function shortTime(isoTime: string): string {
  // China time (UTC+8), month-day hour:minute: the list is read by respondents in China.
  const china = new Date(Date.parse(isoTime) + 8 * 3600 * 1000).toISOString();
  return `${china.slice(5, 10)} ${china.slice(11, 16)}`;
}

/** 中奖名单, when the creator makes it public: names and phones come masked from the server. */
export function PublicWinners(props: { publicId: string }) {
  const [winners, setWinners] = useState<PublicWinnerView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const handleOpen = async () => {
    setBusy(true);
    setError("");
    const outcome = await apiCall<PublicWinnerView[]>("GET", "prize/getPublicWinnerList", {
      query: { publicId: props.publicId },
    });
    setBusy(false);
    if (outcome.ok) setWinners(outcome.data);
    else setError(outcome.msg);
  };

  return (
    <div className="wa-winners" data-testid="public-winners">
      <button type="button" className="wa-btn wa-btn-ghost wa-btn-block" disabled={busy} onClick={handleOpen}>
        {winners ? "刷新中奖名单" : "查看中奖名单"}
      </button>
      {error ? (
        <p className="wa-error" role="alert">
          {error}
        </p>
      ) : null}
      {winners && winners.length === 0 ? <p className="wa-hint">暂无中奖者</p> : null}
      {winners && winners.length > 0 ? (
        <ul className="wa-winners-list" aria-label="中奖名单">
          {winners.map((w) => (
            <li key={`${w.createdAt}-${w.name}-${w.phone}-${w.prizeName}`}>
              <span>{[w.name, w.phone].filter(Boolean).join(" ")}</span>
              <span>{w.prizeName}</span>
              <time dateTime={w.createdAt}>{shortTime(w.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
