import { useQuery } from "@tanstack/react-query";
import {
  PRIVACY_NOTICE_TEMPLATE,
  type RetentionAction,
  type RetentionReport,
  retentionActionNames,
  retentionActions,
} from "@wjgj/core";
import { Form, Input, InputNumber, Select, Switch, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
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
 * A settings group's switch and, while it is on, the group's other fields. Those stay registered while hidden:
 * a change of the switch sends the whole group, so words written before are kept.
 */
function SwitchedGroup(props: {
  switchName: [string, string];
  label: string;
  tooltip: string;
  children: (shown: { hidden: boolean; value: (name: [string, string]) => unknown }) => ReactNode;
}) {
  const [group, key] = props.switchName;
  return (
    <>
      <Form.Item label={props.label} name={props.switchName} valuePropName="checked" tooltip={props.tooltip}>
        <Switch />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a[group]?.[key] !== b[group]?.[key]}>
        {({ getFieldValue }) =>
          props.children({ hidden: !getFieldValue(props.switchName), value: (name) => getFieldValue(name) })
        }
      </Form.Item>
    </>
  );
}

/** 同意隐私政策 in 问卷设置: the switch, the notice and the publisher's policy link. */
export function ConsentSettings() {
  return (
    <SwitchedGroup
      switchName={["privacyConsent", "required"]}
      label="答题前需同意隐私政策"
      tooltip="填写者勾选“我已阅读并同意”后才能作答；每份答卷记录其同意的版本，修改说明或链接后生成新版本"
    >
      {({ hidden }) => (
        <>
          <Form.Item label="隐私说明" name={["privacyConsent", "text"]} hidden={hidden}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={1000}
              showCount
              placeholder={PRIVACY_NOTICE_TEMPLATE}
            />
          </Form.Item>
          <Form.Item
            label="隐私政策链接（留空则使用平台隐私政策）"
            name={["privacyConsent", "policyUrl"]}
            hidden={hidden}
          >
            <Input placeholder="https://" />
          </Form.Item>
        </>
      )}
    </SwitchedGroup>
  );
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
    <SwitchedGroup
      switchName={["retention", "enabled"]}
      label="答卷保留期限"
      tooltip="个人信息不应无限期保存：收集结束后到期自动删除答卷，或只去除其中的个人信息"
    >
      {({ hidden, value }) => (
        <>
          <Form.Item label="收集结束后保留天数" name={["retention", "days"]} hidden={hidden}>
            <InputNumber min={1} max={3650} precision={0} suffix="天" style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item label="到期后" name={["retention", "action"]} hidden={hidden}>
            <Select<RetentionAction>
              options={retentionActions.map((action) => ({
                value: action,
                label: retentionActionNames[action],
              }))}
            />
          </Form.Item>
          {!hidden && report.data && (
            <Typography.Paragraph type="secondary" data-testid="retention-note">
              {retentionSummary(report.data, Number(value(["retention", "days"]) ?? 180))}
            </Typography.Paragraph>
          )}
        </>
      )}
    </SwitchedGroup>
  );
}
