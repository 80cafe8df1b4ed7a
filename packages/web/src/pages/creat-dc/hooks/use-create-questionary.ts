import { type QuestionnaireKind, questionnaireKindNouns, type SurveyDefinition } from "@wjgj/core";
import { App } from "antd";
import { useNavigate } from "react-router";
import { useAddQuestionaryMutation } from "../../../api/questionary.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { designPath } from "../../dc-list/hooks/use-questionary-actions.tsx";

/** Creates a questionnaire (blank or with an imported definition) and opens it in the designer. */
export function useCreateQuestionary() {
  const add = useAddQuestionaryMutation();
  const navigate = useNavigate();
  const showError = useApiError();
  const { message } = App.useApp();
  const create = async (input: { kind: QuestionnaireKind; title: string; definition?: SurveyDefinition }) => {
    try {
      const created = await add.mutateAsync(input);
      void message.success(`${questionnaireKindNouns[input.kind]}已创建`);
      navigate(designPath(created.id));
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  return { create, creating: add.isPending };
}
