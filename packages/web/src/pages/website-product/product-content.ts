/** What one product page says. The seven pages share one layout; only this content differs. */

export const productSlugs = [
  "search",
  "exam",
  "collection",
  "vote",
  "survey",
  "knowledge",
  "private",
] as const;
export type ProductSlug = (typeof productSlugs)[number];

/** Icons the feature cards may use (drawn by @ant-design/icons, inline SVG). */
export type FeatureIcon =
  | "apps"
  | "branches"
  | "chart"
  | "clock"
  | "cloud"
  | "database"
  | "download"
  | "edit"
  | "eye"
  | "filter"
  | "gift"
  | "lock"
  | "mobile"
  | "qrcode"
  | "safety"
  | "shuffle"
  | "smile"
  | "team"
  | "trophy"
  | "upload";

export interface ProductFeature {
  icon: FeatureIcon;
  title: string;
  text: string;
}

export interface ProductContent {
  slug: ProductSlug;
  /** The menu name (问卷调查). */
  name: string;
  /** The page's h1. */
  headline: string;
  intro: string;
  /** What the drawn illustration shows, read out in its place (its alt text). */
  illustrationAlt: string;
  /** Three figures under the hero. */
  highlights: readonly { value: string; label: string }[];
  features: readonly ProductFeature[];
  steps: readonly { title: string; text: string }[];
  scenarios: readonly { title: string; text: string }[];
  faqs: readonly { question: string; answer: string }[];
  /** The heading of the closing call to action. */
  ctaTitle: string;
  /** The second call to action next to 免费使用. */
  secondary: { label: string; to: string };
}

export function isProductSlug(value: string): value is ProductSlug {
  return (productSlugs as readonly string[]).includes(value);
}
