import { useQuery } from "@tanstack/react-query";
import {
  type RetentionAction,
  type RetentionReport,
  retentionActionNames,
  retentionActions,
} from "@wjgj/core";
import { Form, InputNumber, Select, Switch, Typography } from "antd";
import dayjs from "dayjs";
import { questionaryApi } from "../../../../api/questionary.ts";

const time = (value: string) => dayjs(value).format("YYYY-MM-DD HH:mm");

/**
 * What the owner reads under 答卷保留期限: when responses fall due (counted from the days being typed), and the
 * last run.
 */
export function retentionSummary(report: RetentionReport, days: number): string {
  const parts = [
    report.collectionEndedAt
      ? `收集已于 ${time(report.collectionEndedAt)} 结束，${dayjs(report.collectionEndedAt).add(days, "day").format("YYYY-MM-DD HH:mm")} 起处理此前提交的答卷`
      : `停止收集（或到达结束时间）${days} 天后处理此前提交的答卷`,
  ];
  const last = report.runs[0];
  if (last) {
    const name = last.action === "delete" ? "删除" : "去除个人信息";
    const state = last.status === "done" ? "已完成" : `进行中 ${last.done}/${last.total}`;
    parts.push(`最近一次：${time(last.startedAt)} ${name} ${last.total} 份答卷（${state}）`);
  }
  return parts.join("；");
}

/**
 * 答卷保留期限 in 问卷设置: the switch, the days and what happens then (fields of the settings form, saved
 * with it), and the server's report.
 */
export function RetentionSettings({ id }: { id: number }) {
  const report = useQuery({
    queryKey: ["questionary", "retention", id],
    queryFn: ({ signal }) => questionaryApi.getRetention(id, { signal }),
    enabled: id > 0,
  });
  return (
    <>
      <Form.Item
        label="答卷保留期限"
        name={["retention", "enabled"]}
        valuePropName="checked"
        tooltip="个人信息不应无限期保存：收集结束后到期自动删除答卷，或只去除其中的个人信息"
      >
        <Switch />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.retention?.enabled !== b.retention?.enabled}>
        {({ getFieldValue }) => {
          const hidden = !getFieldValue(["retention", "enabled"]);
          return (
            <>
              <Form.Item label="收集结束后保留天数" name={["retention", "days"]} hidden={hidden}>
                <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: "100%" }} />
              </Form.Item>
              <Form.Item label="到期后" name={["retention", "action"]} hidden={hidden}>
                <Select<RetentionAction>
                  options={retentionActions.map((value) => ({ value, label: retentionActionNames[value] }))}
                />
              </Form.Item>
              {!hidden && report.data && (
                <Typography.Paragraph
                  type="secondary"
                  className="dd-retention-note"
                  data-testid="retention-note"
                >
                  {retentionSummary(report.data, getFieldValue(["retention", "days"]) ?? 180)}
                </Typography.Paragraph>
              )}
            </>
          );
        }}
      </Form.Item>
    </>
  );
}
