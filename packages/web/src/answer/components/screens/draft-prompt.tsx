import { useDialog } from "../a11y/use-dialog.ts";

/** Offered when a draft of this questionnaire was found on return. */
export function DraftPrompt(props: { onResume(): void; onRestart(): void }) {
  // Escape keeps the draft: closing without a choice must not throw earlier answers away.
  const dialog = useDialog(props.onResume);
  return (
    <div className="wa-sheet">
      <div
        ref={dialog}
        className="wa-sheet-body wa-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wa-draft-title"
        tabIndex={-1}
      >
        <h2 id="wa-draft-title" className="wa-sheet-title wa-sheet-heading">
          您上次的答卷尚未提交
        </h2>
        <p className="wa-gate-label">是否继续上次的填写？</p>
        <div className="wa-sheet-actions">
          <button type="button" className="wa-btn wa-btn-ghost" onClick={props.onRestart}>
            重新填写
          </button>
          <button type="button" className="wa-btn" onClick={props.onResume}>
            继续上次填写
          </button>
        </div>
      </div>
    </div>
  );
}
