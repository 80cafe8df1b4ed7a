import type { UserInfo } from "@wjgj/core";
import { vipBadge } from "../../lib/vip.ts";

/** Level icons: a person for the personal edition, crowns for gold and platinum, a gem for diamond. */
function BadgeIcon({ level, color }: { level: number; color: string }) {
  if (level === 0) {
    return (
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        <circle cx="6" cy="3.8" r="2.3" fill={color} />
        <path d="M1.6 11c.4-2.6 2.2-4 4.4-4s4 1.4 4.4 4z" fill={color} />
      </svg>
    );
  }
  if (level === 3) {
    return (
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        <path d="M3 1.5h6l2.5 3L6 11 .5 4.5z" fill={color} />
        <path d="M.5 4.5h11M4 1.5 6 11l2-9.5" stroke="rgba(0,0,0,.18)" strokeWidth=".7" fill="none" />
      </svg>
    );
  }
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M1 3.5 3.6 6 6 1.8 8.4 6 11 3.5 10 9.5H2z" fill={color} />
      <rect x="2" y="10" width="8" height="1.3" rx=".5" fill={color} />
    </svg>
  );
}

/** Membership badge by vipLevel (seed §2): 0 personal, 1–3 each distinct. */
export function VipBadge({ level }: { level: UserInfo["vipLevel"] }) {
  const style = vipBadge(level);
  return (
    <span
      className="wj-vip-badge"
      data-testid="vip-badge"
      data-level={level}
      style={{ background: `linear-gradient(135deg, ${style.from}, ${style.to})`, color: style.text }}
    >
      <BadgeIcon level={level} color={style.text} />
      {style.label}
    </span>
  );
}
