/** Where typing and selecting stay allowed: the candidate's own answers. */
const EDITABLE = "input, textarea, select, [contenteditable='true']";

/** Blocked everywhere on the questions (pasting an answer in is as much a problem as copying a question out). */
const CLIPBOARD = ["copy", "cut", "paste", "contextmenu"] as const;

/**
 * 禁止复制: copy, cut, paste and the context menu are refused on `root` (each try calls `onBlocked`), and
 * text selection outside the answer inputs; typing into inputs is untouched. Returns the undo.
 */
export function blockCopy(root: Document | HTMLElement, onBlocked: (kind: string) => void): () => void {
  const handleClipboard = (event: Event) => {
    event.preventDefault();
    onBlocked(event.type);
  };
  const handleSelect = (event: Event) => {
    const target = event.target;
    const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
    if (element?.closest(EDITABLE)) return;
    event.preventDefault();
  };
  for (const type of CLIPBOARD) root.addEventListener(type, handleClipboard);
  root.addEventListener("selectstart", handleSelect);
  return () => {
    for (const type of CLIPBOARD) root.removeEventListener(type, handleClipboard);
    root.removeEventListener("selectstart", handleSelect);
  };
}
