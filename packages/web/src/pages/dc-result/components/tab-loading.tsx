import { Alert, Skeleton } from "antd";

/** A tab whose data has not come yet: the error once the query failed, a skeleton of `rows` meanwhile. */
export function TabLoading({ error, title, rows }: { error: Error | null; title: string; rows: number }) {
  return error ? (
    <Alert type="error" showIcon title={title} description={error.message} />
  ) : (
    <Skeleton active paragraph={{ rows }} />
  );
}
