import type { ResponseStatus } from "@wjgj/core";
import { App } from "antd";
import {
  useDeleteAnswersMutation,
  useMarkInvalidMutation,
  useMarkValidMutation,
  useRestoreAnswersMutation,
} from "../../../../api/results.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { useResults } from "../../hooks/results-context.ts";

export type AnswerAction = "delete" | "restore" | "invalid" | "valid";

/** What can be done to a response in each status. */
export const actionsFor: Record<ResponseStatus, { action: AnswerAction; label: string; danger?: boolean }[]> =
  {
    valid: [
      { action: "invalid", label: "标记无效" },
      { action: "delete", label: "删除", danger: true },
    ],
    invalid: [
      { action: "valid", label: "标记有效" },
      { action: "delete", label: "删除", danger: true },
    ],
    deleted: [{ action: "restore", label: "恢复" }],
  };

const doneText: Record<AnswerAction, string> = {
  delete: "已移入回收站",
  restore: "已恢复为有效答卷",
  invalid: "已标记为无效答卷，不再计入统计",
  valid: "已标记为有效答卷",
};

/** Runs an action on responses, asking first before deleting; resolves whether it went through. */
export function useAnswerActions() {
  const { id } = useResults();
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const mutations = {
    delete: useDeleteAnswersMutation(),
    restore: useRestoreAnswersMutation(),
    invalid: useMarkInvalidMutation(),
    valid: useMarkValidMutation(),
  };
  const run = async (action: AnswerAction, responseIds: number[]): Promise<boolean> => {
    try {
      await mutations[action].mutateAsync({ id, responseIds });
      void message.success(
        responseIds.length > 1
          ? `${responseIds.length} 份答卷${doneText[action]}`
          : `答卷${doneText[action]}`,
      );
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const perform = (action: AnswerAction, responseIds: number[]): Promise<boolean> => {
    if (action !== "delete") return run(action, responseIds);
    return new Promise((resolve) => {
      modal.confirm({
        title: responseIds.length > 1 ? `删除选中的 ${responseIds.length} 份答卷？` : "删除这份答卷？",
        content: "删除后答卷移入回收站，不再计入统计，可在回收站中恢复。",
        okText: "删除",
        okButtonProps: { danger: true },
        cancelText: "取消",
        onOk: async () => resolve(await run(action, responseIds)),
        onCancel: () => resolve(false),
      });
    });
  };
  const pending = Object.values(mutations).some((mutation) => mutation.isPending);
  return { perform, pending };
}
