import { type QuestionnaireKind, questionnaireKindNouns } from "@wjgj/core";
import { memo } from "react";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { InlineRichText } from "./inline-rich-text.tsx";

/** What the description's placeholder suggests writing, by kind. */
const descriptionExamples: Record<QuestionnaireKind, string> = {
  survey: "调查目的、填写须知",
  exam: "考试范围、考试须知",
  form: "登记事项、填写须知",
  vote: "评选规则、投票须知",
  satisfaction: "调查目的、填写须知",
  knowledge: "竞赛规则、答题须知",
};

/** The questionnaire's title and welcome text at the top of the paper, edited in place. */
export const SurveyHeader = memo(function SurveyHeader({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const kind = useEditor((state) => state.draft?.kind ?? "survey");
  const noun = questionnaireKindNouns[kind];
  return (
    <header className="dd-survey-header">
      <InlineRichText
        ariaLabel={`${noun}标题`}
        className="dd-survey-header__title"
        value={title}
        placeholder={`请输入${noun}标题`}
        onEnter={() => undefined}
        onChange={(html) => editorActions().setTitle(html)}
      />
      <InlineRichText
        ariaLabel={`${noun}说明`}
        className="dd-survey-header__desc"
        value={description}
        placeholder={`添加${noun}说明，例如${descriptionExamples[kind]}（选填）`}
        onChange={(html) => editorActions().setDescription(html)}
      />
    </header>
  );
});
