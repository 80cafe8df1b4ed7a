import type { Question } from "@wjgj/core";
import { memo, useMemo } from "react";
import { indexSurvey, plainTitle } from "../lib/survey-index.ts";
import { scrollToQuestion } from "../store/ui-store.ts";
import { editorActions, useEditor } from "../store/use-editor.ts";

const OutlineRow = memo(function OutlineRow({
  question,
  number,
  selected,
  hasError,
}: {
  question: Question;
  number: number | null;
  selected: boolean;
  hasError: boolean;
}) {
  return (
    <button
      type="button"
      className={`dd-outline__row${selected ? " dd-outline__row--selected" : ""}${hasError ? " dd-outline__row--error" : ""}`}
      onClick={() => {
        editorActions().select(question.id);
        scrollToQuestion(question.id);
      }}
    >
      <span className="dd-outline__no">{number ?? "·"}</span>
      <span className="dd-outline__title">{plainTitle(question.title, 60) || "（无标题）"}</span>
    </button>
  );
});

/** 大纲: every question by page for quick jumping; only mounted while its tab is open. */
export function OutlinePanel() {
  const draft = useEditor((state) => state.draft);
  const selectedId = useEditor((state) => state.selectedId);
  const issues = useEditor((state) => state.issues);
  const index = useMemo(() => (draft ? indexSurvey(draft) : null), [draft]);
  const errorIds = useMemo(() => {
    const ids = new Set<string>();
    if (!draft) return ids;
    for (const issue of issues) {
      if (issue.level !== "error" || issue.path[0] !== "pages" || issue.path[2] !== "questions") continue;
      const id = draft.pages[Number(issue.path[1])]?.questions[Number(issue.path[3])]?.id;
      if (id) ids.add(id);
    }
    return ids;
  }, [issues, draft]);
  if (!draft || !index) return null;
  return (
    <nav className="dd-outline" aria-label="大纲">
      {draft.pages.map((page, p) => (
        <div key={page.id} className="dd-outline__page">
          {draft.pages.length > 1 && <div className="dd-outline__page-name">第 {p + 1} 页</div>}
          {page.questions.map((question) => (
            <OutlineRow
              key={question.id}
              question={question}
              number={index.byId.get(question.id)?.number ?? null}
              selected={question.id === selectedId}
              hasError={errorIds.has(question.id)}
            />
          ))}
          {page.questions.length === 0 && <div className="dd-outline__empty">（空白页）</div>}
        </div>
      ))}
    </nav>
  );
}
