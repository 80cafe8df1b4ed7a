import type { TextStatistics } from "@wjgj/core";
import { Button } from "antd";
import { useMemo } from "react";
import type { BodyProps } from "./body-props.ts";
import { CountTable } from "./count-table.tsx";
import { TextAnswersTable } from "./text-answers.tsx";

const listNames: Record<TextStatistics["family"], string> = {
  text: "填写内容",
  file: "上传的文件",
  signature: "签名",
  table: "填写内容",
};

/**
 * Answers listed rather than counted (texts, times, uploads, signatures, tables): closed vocabularies
 * counted, then the newest answers with the full list in the drawer.
 */
export function TextBody({ stats, onShowText }: BodyProps<TextStatistics>) {
  const rows = useMemo(
    () =>
      stats.values.map((item) => ({
        key: item.value,
        label: item.value,
        count: item.count,
        percentage: item.percentage,
      })),
    [stats],
  );
  const what = listNames[stats.family];
  return (
    <>
      {rows.length > 0 && <CountTable rows={rows} labelTitle="填写值" total={stats.answered} />}
      {stats.answered > 0 && (
        <TextAnswersTable questionId={stats.questionId} pageSize={5} searchable={false} />
      )}
      <Button
        type="link"
        disabled={stats.answered === 0}
        onClick={() => onShowText(stats.questionId, `${stats.title} · ${what}`)}
      >
        {stats.answered > 0 ? `查看全部${what}（${stats.answered}）` : `暂无${what}`}
      </Button>
    </>
  );
}
