import { act } from "@testing-library/react";

/**
 * Dispatches a paste carrying `html` at `target`, the way a browser does, so ProseMirror's own paste path
 * (with the editor's transform) runs. jsdom has no DataTransfer: this is the part ProseMirror reads.
 */
export function pasteHtml(target: HTMLElement, html: string): void {
  const items: Record<string, string> = { "text/html": html, "text/plain": "" };
  const data = { types: Object.keys(items), files: [], getData: (type: string) => items[type] ?? "" };
  const event = new Event("paste", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "clipboardData", { value: data });
  act(() => {
    target.dispatchEvent(event);
  });
}
