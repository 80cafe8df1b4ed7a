import type { QuestionarySummary } from "@wjgj/core";
import { App } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, fieldErrorsOf } from "../../../api/errors.ts";
import { type DefinitionFormat, importsApi } from "../../../api/imports.ts";
import {
  useCopyQuestionaryMutation,
  useDelQuestionaryMutation,
  useRecoverQuestionaryMutation,
  useReleaseQuestionaryMutation,
  useStarQuestionaryMutation,
  useStopQuestionaryMutation,
  useThoroughDelQuestionaryMutation,
} from "../../../api/questionary.ts";
import type { TemplateSource } from "../../../components/save-as-template/index.tsx";
import type { ShareTarget } from "../../../components/share-dialog/index.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";

export const designPath = (id: number) => `/dc/dcDesign?id=${id}`;
export const resultPath = (id: number) => `/dc/result?id=${id}`;
export const rewardsPath = (id: number) => `/dc/rewards?id=${id}`;
export const samplesPath = (id: number) => `/dc/samples?id=${id}`;

/** Every action of a list item, with its confirmation and feedback. */
export function useQuestionaryActions() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const showError = useApiError();
  const copy = useCopyQuestionaryMutation();
  const remove = useDelQuestionaryMutation();
  const recover = useRecoverQuestionaryMutation();
  const destroy = useThoroughDelQuestionaryMutation();
  const release = useReleaseQuestionaryMutation();
  const stop = useStopQuestionaryMutation();
  const star = useStarQuestionaryMutation();
  const [shared, setShared] = useState<{ id: number; target: ShareTarget } | null>(null);
  const [templateSource, setTemplateSource] = useState<TemplateSource | null>(null);
  const share = (item: QuestionarySummary) =>
    setShared({
      id: item.id,
      target: {
        id: item.id,
        publicId: item.publicId,
        title: item.title,
        status: item.status,
        kind: item.kind,
      },
    });

  const showReleaseProblems = (item: Pick<QuestionarySummary, "id">, error: unknown) => {
    if (!(error instanceof ApiError) || error.handled || fieldErrorsOf(error).length === 0) {
      showError(error);
      return;
    }
    // The summary often repeats the only problem; list what it does not already say.
    const problems = fieldErrorsOf(error).filter((problem) => problem.message !== error.message);
    modal.confirm({
      title: "问卷还不能发布",
      content: (
        <div>
          <p>{error.message}</p>
          {problems.length > 0 && (
            <ul className="wj-dclist__problems">
              {problems.slice(0, 8).map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          )}
        </div>
      ),
      okText: "去修改",
      cancelText: "知道了",
      onOk: () => navigate(designPath(item.id)),
    });
  };

  const handleRelease = async (item: Pick<QuestionarySummary, "id" | "title">) => {
    try {
      const updated = await release.mutateAsync(item.id);
      void message.success(`「${updated.title}」已发布，可以分享给答题者了`);
      return updated;
    } catch (error) {
      showReleaseProblems(item, error);
      return null;
    }
  };

  return {
    shareTarget: shared?.target ?? null,
    closeShare: () => setShared(null),
    templateSource,
    closeSaveAsTemplate: () => setTemplateSource(null),
    handleSaveAsTemplate: (item: QuestionarySummary) =>
      setTemplateSource({ id: item.id, title: item.title, kind: item.kind }),
    releasing: release.isPending,
    handleEdit: (item: QuestionarySummary) => navigate(designPath(item.id)),
    handleData: (item: QuestionarySummary) => navigate(resultPath(item.id)),
    handleShare: share,
    /** 立即发布 from inside the share dialog: the dialog then shows the live link. */
    handlePublishShared: async () => {
      if (!shared) return;
      const updated = await handleRelease({ id: shared.id, title: shared.target.title });
      if (updated) share(updated);
    },
    handleRelease,
    handleStop: (item: QuestionarySummary) =>
      modal.confirm({
        title: "暂停收集",
        content: `暂停后答题者将无法继续提交「${item.title}」，已收集的答卷不受影响，可随时恢复发布。`,
        okText: "暂停",
        cancelText: "取消",
        onOk: async () => {
          try {
            await stop.mutateAsync(item.id);
            void message.success("已暂停收集");
          } catch (error) {
            showError(error);
          }
        },
      }),
    /** 导出问卷: the definition as our JSON or as SurveyJS JSON, downloaded. */
    handleExport: async (item: QuestionarySummary, format: DefinitionFormat) => {
      try {
        await importsApi.exportDefinition(item, format);
      } catch (error) {
        showError(error);
      }
    },
    handleStar: async (item: QuestionarySummary) => {
      try {
        await star.mutateAsync({ id: item.id, starred: !item.starred });
        void message.success(item.starred ? "已取消星标" : "已设为星标");
      } catch (error) {
        showError(error);
      }
    },
    handleCopy: async (item: QuestionarySummary) => {
      try {
        const created = await copy.mutateAsync(item.id);
        void message.success(`已复制为「${created.title}」`);
      } catch (error) {
        showError(error);
      }
    },
    handleDelete: (item: QuestionarySummary) =>
      modal.confirm({
        title: "删除问卷",
        content: `「${item.title}」将移入回收站，可在回收站中恢复。${item.status === "published" ? "删除后答题者将无法继续填写。" : ""}`,
        okText: "删除",
        okButtonProps: { danger: true },
        cancelText: "取消",
        onOk: async () => {
          try {
            await remove.mutateAsync(item.id);
            void message.success("已移入回收站");
          } catch (error) {
            showError(error);
          }
        },
      }),
    handleRecover: async (item: QuestionarySummary) => {
      try {
        await recover.mutateAsync(item.id);
        void message.success(`「${item.title}」已恢复`);
      } catch (error) {
        showError(error);
      }
    },
    handleDestroy: (item: QuestionarySummary) =>
      modal.confirm({
        title: "彻底删除",
        content: `彻底删除后「${item.title}」及其全部答卷将无法恢复，确定要删除吗？`,
        okText: "彻底删除",
        okButtonProps: { danger: true },
        cancelText: "取消",
        onOk: async () => {
          try {
            await destroy.mutateAsync(item.id);
            void message.success("已彻底删除");
          } catch (error) {
            showError(error);
          }
        },
      }),
  };
}
