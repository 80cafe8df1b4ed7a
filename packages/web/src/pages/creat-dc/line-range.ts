/** Start and end offsets of a 1-based line, to select it in the textarea when a warning is clicked. */
export function lineRange(text: string, line: number): [number, number] | null {
  if (line < 1) return null;
  let start = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf("\n", start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return [start, end < 0 ? text.length : end];
}

/** How many answerable questions a definition holds, for the 创建 button. */
export function countQuestions(pages: readonly { questions: readonly { type: string }[] }[]): number {
  const layout = new Set(["paragraph", "divider", "group", "pageBreak"]);
  return pages.reduce((sum, page) => sum + page.questions.filter((q) => !layout.has(q.type)).length, 0);
}
