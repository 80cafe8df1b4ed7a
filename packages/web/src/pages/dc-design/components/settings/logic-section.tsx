import type { Question, SurveyDefinition } from "@wjgj/core";
import { Button } from "antd";
import { useMemo } from "react";
import {
  describeJump,
  describeOptionSource,
  describeSelectConnect,
  describeShowIf,
} from "../../lib/condition-summary.ts";
import { choiceTypes, isAnswerable } from "../../lib/question-meta.ts";
import { indexSurvey } from "../../lib/survey-index.ts";
import { findQuestion } from "../../store/definition-ops.ts";
import { uiActions } from "../../store/ui-store.ts";
import { useEditor } from "../../store/use-editor.ts";

type LogicDialog = "showLogic" | "jumpLogic" | "selectConnect" | "selectJoin";

interface LogicRow {
  kind: LogicDialog;
  name: string;
  texts: string[];
}

/** The rows for a question, in words; they read other questions (numbers, labels), hence the whole draft. */
function logicRows(draft: SurveyDefinition, questionId: string): LogicRow[] {
  const question = findQuestion(draft, questionId);
  if (!question) return [];
  const ctx = { definition: draft, index: indexSurvey(draft) };
  const choice = choiceTypes.has(question.type);
  const rows: LogicRow[] = [
    {
      kind: "showLogic",
      name: "显示逻辑",
      texts: question.showIf ? [describeShowIf(ctx, question.showIf)] : [],
    },
  ];
  if (isAnswerable(question.type))
    rows.push({
      kind: "jumpLogic",
      name: "跳题逻辑",
      texts: (question.jumps ?? []).map((jump) => describeJump(ctx, jump)),
    });
  if (choice) {
    rows.push(
      {
        kind: "selectConnect",
        name: "选项关联",
        texts: question.selectConnect ? [describeSelectConnect(ctx, question.selectConnect)] : [],
      },
      {
        kind: "selectJoin",
        name: "引用选项",
        texts: question.optionSource ? [describeOptionSource(ctx, question.optionSource)] : [],
      },
    );
  }
  return rows;
}

/** The selected question's logic, in words, each with its editor. */
export function LogicSection({ question }: { question: Question }) {
  // Serialised so the section re-renders only when a summary's text changes, not on every edit elsewhere.
  const serialised = useEditor((state) =>
    state.draft ? JSON.stringify(logicRows(state.draft, question.id)) : "[]",
  );
  const rows = useMemo(() => JSON.parse(serialised) as LogicRow[], [serialised]);
  return (
    <div className="dd-section">
      <h4 className="dd-section__title">逻辑设置</h4>
      {rows.map((row) => (
        <div className="dd-logic-row" key={row.kind}>
          <div className="dd-logic-row__head">
            <span>{row.name}</span>
            <Button
              size="small"
              type="link"
              onClick={() => uiActions().openDialog({ kind: row.kind, questionId: question.id })}
            >
              {row.texts.length > 0 ? "编辑" : "设置"}
            </Button>
          </div>
          {row.texts.length > 0 ? (
            row.texts.map((text) => (
              <div key={text} className="dd-logic-row__text">
                {text}
              </div>
            ))
          ) : (
            <div className="dd-logic-row__empty">未设置</div>
          )}
        </div>
      ))}
    </div>
  );
}
