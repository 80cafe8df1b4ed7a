import { memo } from "react";
import { editorActions } from "../../store/use-editor.ts";
import { InlineRichText } from "./inline-rich-text.tsx";

/** The questionnaire's title and welcome text at the top of the paper, edited in place. */
export const SurveyHeader = memo(function SurveyHeader({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  return (
    <header className="dd-survey-header">
      <InlineRichText
        ariaLabel="问卷标题"
        className="dd-survey-header__title"
        value={title}
        placeholder="请输入问卷标题"
        onEnter={() => undefined}
        onChange={(html) => editorActions().setTitle(html)}
      />
      <InlineRichText
        ariaLabel="问卷说明"
        className="dd-survey-header__desc"
        value={description}
        placeholder="添加问卷说明，例如调查目的、填写须知（选填）"
        onChange={(html) => editorActions().setDescription(html)}
      />
    </header>
  );
});
