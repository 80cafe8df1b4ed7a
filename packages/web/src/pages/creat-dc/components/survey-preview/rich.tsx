import { sanitizeRichText } from "@wjgj/core";

/** Titles and descriptions are rich text; only the sanitised subset ever reaches the DOM. */
export function Rich({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by core's allow-list just above.
  return <span className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
