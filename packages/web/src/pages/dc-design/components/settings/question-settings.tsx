import { getQuestionType, type Question, richTextToPlain } from "@wjgj/core";
import { Empty, Input, Switch, Tooltip } from "antd";
import { useShallow } from "zustand/react/shallow";
import { isAnswerable } from "../../lib/question-meta.ts";
import { isReferencedByCode } from "../../lib/reference-uses.ts";
import { typeIcons } from "../../lib/type-icons.tsx";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { BookingSettings } from "./booking-settings.tsx";
import { ConfigForm } from "./config-form.tsx";
import { LogicSection } from "./logic-section.tsx";
import { OptionSettings } from "./option-settings.tsx";
import { ProductSettings } from "./product-settings.tsx";
import { ScoringSettings } from "./scoring-settings.tsx";

/**
 * The selected question as the settings see it: everything but the title, compared field by field. Typing
 * in a title (the hot path) then leaves the whole panel alone instead of re-rendering dozens of antd inputs.
 */
function useSettingsQuestion(): Question | undefined {
  const view = useEditor(
    useShallow((state): Partial<Question> => {
      const question =
        state.draft && state.selectedId ? findQuestion(state.draft, state.selectedId) : undefined;
      if (!question) return {};
      const { title: _title, ...rest } = question;
      return rest;
    }),
  );
  return view.id ? ({ ...view, title: "" } as Question) : undefined;
}

/** 题号 of the selected question (第3题), or null for layout items; a primitive, so typing re-renders nothing. */
function useSelectedNumber(): number | null {
  return useEditor((state) => {
    if (!state.draft || !state.selectedId) return null;
    let number = 0;
    for (const page of state.draft.pages) {
      for (const question of page.questions) {
        const numbered = isAnswerable(question.type);
        if (numbered) number += 1;
        if (question.id === state.selectedId) return numbered ? number : null;
      }
    }
    return null;
  });
}

/** 题目设置 of the selected question. */
export function QuestionSettings() {
  const question = useSettingsQuestion();
  const number = useSelectedNumber();
  const referenced = useEditor((state) => (question ? isReferencedByCode(state.draft, question.id) : false));
  if (!question) {
    return (
      <Empty
        className="dd-side-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="在画布中点击一道题目，即可在这里设置"
      />
    );
  }
  const module = getQuestionType(question.type);
  const answerable = isAnswerable(question.type);
  return (
    <div className="dd-settings" data-testid="question-settings">
      <div className="dd-settings__type">
        {typeIcons[question.type]} {module?.name}
        {number !== null && <span className="dd-settings__number">第{number}题</span>}
        {/* The id is a code for expressions, not a name: shown only where something uses it. */}
        {referenced && (
          <Tooltip
            title={`计算值、表达式条件或题目文字通过 $${question.id}（题目文字中写作 {{${question.id}}}）引用本题的答案；题号变了，这个代码不变`}
          >
            <span className="dd-settings__id" data-testid="question-ref">
              被引用为 <code>${question.id}</code>
            </span>
          </Tooltip>
        )}
      </div>
      <div className="dd-section">
        {answerable && (
          <div className="dd-field">
            <span className="dd-field__label">必答</span>
            <Switch
              size="small"
              aria-label="必答"
              checked={question.required}
              onChange={(required) => editorActions().patchQuestion(question.id, { required })}
            />
          </div>
        )}
        <div className="dd-field dd-field--block">
          <span className="dd-field__label">题目说明</span>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder="选填，显示在题目下方"
            value={richTextToPlain(question.description ?? "")}
            onChange={(event) =>
              editorActions().patchQuestion(
                question.id,
                {
                  description: event.target.value
                    ? event.target.value.replace(/&/g, "&amp;").replace(/</g, "&lt;")
                    : undefined,
                },
                `description:${question.id}`,
              )
            }
          />
        </div>
        {question.type === "booking" ? (
          <BookingSettings question={question} />
        ) : question.type === "product" ? (
          <ProductSettings question={question} />
        ) : (
          <ConfigForm question={question} />
        )}
      </div>
      <OptionSettings question={question} />
      <ScoringSettings question={question} />
      <LogicSection question={question} />
    </div>
  );
}
