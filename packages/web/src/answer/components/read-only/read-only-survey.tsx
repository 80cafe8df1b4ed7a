import type { PublicSettings } from "@wjgj/core/pages/answer";
import { evaluateSurvey, getQuestionType, type SurveyDefinition } from "@wjgj/core/survey/index";
import { useMemo } from "react";
import type { FieldContext, ViewOption } from "../field-types.ts";
// Rendered at once, every type: the logged-in app's views register all inputs up front.
import "../fields/all.ts";
import { QuestionCard } from "../question-card.tsx";
import { Frame, SurveyHeader } from "../survey-parts.tsx";

export interface ReadOnlySurveyProps {
  definition: SurveyDefinition;
  title: string;
  frame: "pc" | "phone";
  /** Today as YYYY-MM-DD: relative date rules and piping are evaluated against it. */
  today: string;
}

const SETTINGS: PublicSettings = {
  progressBar: false,
  themeColor: "#2b62eb",
  headerImage: "",
  thankYouText: "",
  redirectUrl: "",
  redirectSeconds: 0,
  showResultsAfterSubmit: false,
  tabSwitchLimit: 0,
  endTime: "",
  coverPage: false,
  privacyConsent: null,
};

// Nothing is uploaded or submitted from a read-only view; the fields only need to know they are previewed.
const CONTEXT: FieldContext = { publicId: "", answerToken: "", preview: true };

const noop = () => undefined;

/** A question's own options, for questions the engine hides until an earlier answer reveals them. */
function ownOptions(question: SurveyDefinition["pages"][number]["questions"][number]): ViewOption[] {
  const module = getQuestionType(question.type);
  const options = module?.options?.(question.config as never) ?? [];
  return options.filter((option) => !option.hidden).map(({ id, label }) => ({ id, label }));
}

/**
 * Every page and question of a definition, drawn by the respondent page's own question cards but disabled:
 * template previews (/questionnaireDetails) show the whole thing at once, including questions that logic
 * shows only after certain answers (marked as such), and nothing can be typed or sent.
 */
export function ReadOnlySurvey({ definition, title, frame, today }: ReadOnlySurveyProps) {
  const view = useMemo(() => evaluateSurvey(definition, {}, { today }), [definition, today]);
  const visible = new Set(view.visibleQuestions);
  const members = new Set(
    definition.pages.flatMap((page) =>
      page.questions.flatMap((q) => (q.type === "group" ? q.config.memberIds : [])),
    ),
  );
  const paged = definition.pages.length > 1;

  return (
    <Frame themeColor={SETTINGS.themeColor} frame={frame} barText="模板预览 · 仅供查看，使用后可编辑">
      <SurveyHeader definition={definition} title={title} settings={SETTINGS} />
      {/* A disabled fieldset disables every native control inside, the custom ones included. */}
      <fieldset className="wa-readonly" disabled aria-label="模板题目（只读预览）">
        {definition.pages.map((page, pageIndex) => (
          <section key={page.id} className="wa-readonly-page">
            {paged ? <h2 className="wa-page-title">{page.title || `第 ${pageIndex + 1} 页`}</h2> : null}
            <div className="wa-questions">
              {page.questions.map((question) => {
                const shown = visible.has(question.id);
                return (
                  <div key={question.id} className="wa-readonly-item">
                    {shown ? null : <p className="wa-readonly-logic">满足条件时显示</p>}
                    <QuestionCard
                      question={question}
                      number={view.numbers[question.id]}
                      text={view.texts[question.id]}
                      value={undefined}
                      options={view.options[question.id] ?? ownOptions(question)}
                      errors={[]}
                      warnings={[]}
                      revealed={false}
                      serverError={undefined}
                      inGroup={members.has(question.id)}
                      context={CONTEXT}
                      onChange={noop}
                      onReveal={noop}
                    />
                  </div>
                );
              })}
            </div>
          </section>
        ))}
      </fieldset>
    </Frame>
  );
}
