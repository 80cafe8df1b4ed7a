import answerCss from "../../answer.css?inline";

/** The class every scoped respondent-page rule hangs under. */
export const READ_ONLY_SCOPE = "wa-scope";

/**
 * The respondent page's stylesheet nested under one class. It is written for a page of its own (tokens on
 * :root, background and padding on body); inside the console those document-wide rules would restyle every
 * other screen for the rest of the visit, so they apply to the scope element instead.
 */
export function scopeAnswerCss(css: string, scope: string): string {
  // The minified build joins rules (`}body{`), the source has them on their own lines: match both.
  const local = css.replace(/(^|[{};,\s])(?::root|html|body)(?=\s*[{,])/g, "$1&");
  return `.${scope}{${local}}`;
}

const scoped = scopeAnswerCss(answerCss, READ_ONLY_SCOPE);

/** React 19 hoists this into the head once, however many previews mount. */
export function AnswerStyles() {
  return (
    <style href="wa-scoped-answer-css" precedence="default">
      {scoped}
    </style>
  );
}
