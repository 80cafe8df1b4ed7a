import { Link } from "react-router";

interface BrandLogoProps {
  /** Light text for dark backgrounds. */
  inverse?: boolean;
  to?: string;
}

/** The product mark: a clipboard with answer lines, drawn inline so it needs no image host. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="wj-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f8bff" />
          <stop offset="1" stopColor="#2354e6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#wj-mark)" />
      <rect x="8" y="7" width="16" height="19" rx="2.5" fill="#fff" />
      <rect x="12" y="5" width="8" height="4" rx="1.5" fill="#cfe0ff" />
      <circle cx="11.5" cy="14" r="1.4" fill="#2f6bff" />
      <path d="M14.5 14h6" stroke="#2f6bff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="11.5" cy="19" r="1.4" fill="#2f6bff" />
      <path d="M14.5 19h4.5" stroke="#2f6bff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** Logo that goes to the website home (seed §2). */
export function BrandLogo({ inverse = false, to = "/website/home" }: BrandLogoProps) {
  return (
    <Link to={to} className={`wj-brand${inverse ? " wj-brand--inverse" : ""}`} aria-label="问卷管家首页">
      <BrandMark />
      <span className="wj-brand__name">问卷管家</span>
    </Link>
  );
}
