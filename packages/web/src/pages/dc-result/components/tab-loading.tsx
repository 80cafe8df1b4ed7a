import { Alert, Progress, Skeleton } from "antd";
import { preparingProgress } from "../../../api/results.ts";

/** 正在准备筛选数据 with the server's progress: a large questionnaire's filter index is being built. */
export function PreparingNotice({ reason }: { reason: unknown }) {
  const progress = preparingProgress(reason);
  if (progress === null) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="results-preparing"
      title="正在准备筛选数据"
      description={
        <>
          <span>答卷较多，首次筛选需要先整理数据，完成后自动显示结果。</span>
          <Progress percent={progress} size="small" aria-label="筛选数据准备进度" />
        </>
      }
    />
  );
}

/**
 * A tab whose data has not come yet: the error once the query failed, the preparing notice while the server
 * builds its filter index (`reason`, the query's last failure), a skeleton of `rows` meanwhile.
 */
export function TabLoading({
  error,
  title,
  rows,
  reason,
}: {
  error: Error | null;
  title: string;
  rows: number;
  reason?: unknown;
}) {
  if (error) return <Alert type="error" showIcon title={title} description={error.message} />;
  if (preparingProgress(reason) !== null) return <PreparingNotice reason={reason} />;
  return <Skeleton active paragraph={{ rows }} />;
}
