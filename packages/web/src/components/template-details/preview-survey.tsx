import {
  ReadOnlySurvey,
  type ReadOnlySurveyProps,
} from "../../answer/components/read-only/read-only-survey.tsx";
import { AnswerStyles } from "../../answer/components/read-only/scoped-styles.tsx";

/**
 * The preview's questions, drawn by the respondent page's own cards: they need every question type's module and
 * the logic engine (with zod), so index.tsx loads this module after the page's facts and 使用此模板 are in.
 */
export function PreviewSurvey(props: ReadOnlySurveyProps) {
  return (
    <>
      <AnswerStyles />
      <ReadOnlySurvey {...props} />
    </>
  );
}
