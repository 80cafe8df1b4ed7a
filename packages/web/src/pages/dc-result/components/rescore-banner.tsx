import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Progress } from "antd";
import { useEffect, useRef, useState } from "react";
import { resultsKeys, useRescoreProgress, useStartRescoreMutation } from "../../../api/results.ts";
import { Permitted } from "../../../components/permitted.tsx";

/**
 * 重新评分: after a published edit of the answer key or points, earlier responses keep their old scores until
 * the creator asks; the run goes on in the background and this shows its progress, then refreshes the report.
 */
export function RescoreBanner({ id }: { id: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const progress = useRescoreProgress(id);
  const start = useStartRescoreMutation();
  const run = progress.data?.run ?? null;
  const running = run?.status === "queued" || run?.status === "running";
  const wasRunning = useRef(false);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    // Scores and the ranking moved: every report of the questionnaire reads them again.
    if (wasRunning.current && !running) {
      setFinished(true);
      void queryClient.invalidateQueries({ queryKey: resultsKeys.all(id) });
    }
    wasRunning.current = running;
  }, [running, id, queryClient]);

  const handleStart = () => {
    start.mutate(id, {
      onError: (error) => void message.error(error.message),
    });
  };

  if (running && run) {
    return (
      <Alert
        type="info"
        showIcon
        title={`正在重新评分：已处理 ${run.done} / ${run.total} 份答卷`}
        description={<Progress percent={run.percent} size="small" aria-label="重新评分进度" />}
      />
    );
  }
  if (progress.data?.offered) {
    return (
      <Alert
        type="warning"
        showIcon
        title="发布后修改了答案或分值，之前提交的答卷仍按原答案计分。"
        action={
          <Permitted action="manageResponses">
            <Button type="primary" size="small" loading={start.isPending} onClick={handleStart}>
              重新评分
            </Button>
          </Permitted>
        }
      />
    );
  }
  if (run?.status === "done" && finished) {
    return (
      <Alert
        type="success"
        showIcon
        closable
        title={`重新评分已完成：共 ${run.total} 份答卷，${run.changed} 份成绩有变化，排名已更新。`}
      />
    );
  }
  if (run?.status === "failed") {
    return <Alert type="error" showIcon title="重新评分未能完成，请稍后重试。" />;
  }
  return null;
}
