import { sanitizeRichText } from "@wjgj/core/survey/definition/rich-text";

/**
 * Titles and descriptions are rich text from the designer, piped with the respondent's own answers; both pass
 * core's whitelist on the way to the page (the same sanitiser the server uses), so no script or handler
 * attribute can reach the DOM, whether rendered on the server or in the browser.
 */
export function RichText(props: { html: string; className?: string; as?: "div" | "span" | "h1" }) {
  const Tag = props.as ?? "div";
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by core's rich-text whitelist just above
    <Tag className={props.className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(props.html) }} />
  );
}
