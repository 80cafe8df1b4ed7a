import { useDialog } from "./a11y/use-dialog.ts";

/**
 * 交卷 asked once more, as 问卷星 does: handing an exam in cannot be undone, so the candidate hears how many
 * of the questions shown are still unanswered. Part of the page's first chunk, not a chunk of its own: an exam
 * on a failing connection must still be handed in without fetching anything first.
 */
export function HandInConfirm(props: { unanswered: number; onCancel(): void; onConfirm(): void }) {
  // Escape means 继续答题, the choice that loses nothing (and the one focused first).
  const dialog = useDialog(props.onCancel);
  const question =
    props.unanswered > 0
      ? `还有 ${props.unanswered} 题未作答，确定交卷吗？`
      : "确定交卷吗？交卷后不能修改答案。";
  return (
    <div className="wa-sheet">
      <div
        ref={dialog}
        className="wa-sheet-body wa-dialog wa-hand-in"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="wa-hand-in-title"
        tabIndex={-1}
        data-testid="hand-in-confirm"
      >
        <h2 id="wa-hand-in-title" className="wa-sheet-heading">
          {question}
        </h2>
        <div className="wa-sheet-actions">
          <button type="button" className="wa-btn wa-btn-ghost" onClick={props.onCancel} data-autofocus>
            继续答题
          </button>
          <button type="button" className="wa-btn" onClick={props.onConfirm}>
            确定交卷
          </button>
        </div>
      </div>
    </div>
  );
}
