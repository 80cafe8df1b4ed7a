/**
 * Renders rich text that the caller has passed through core's `sanitizeRichText`: the only way designer
 * markup reaches the DOM as HTML.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: callers pass text sanitised to core's rich-text subset.
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
