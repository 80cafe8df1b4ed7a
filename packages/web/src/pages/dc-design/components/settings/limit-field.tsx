import { Form, InputNumber, Select, Space, Switch } from "antd";

export type LimitKey = "limitPerIp" | "limitPerDevice" | "limitPerAccount" | "limitPerWechat";

/** One per-source limit of 问卷设置: on or off, in total or per day, how many times. */
export function LimitField({ name, label, tooltip }: { name: LimitKey; label: string; tooltip?: string }) {
  return (
    <Form.Item label={label} tooltip={tooltip}>
      <Space.Compact block>
        <Form.Item name={[name, "enabled"]} valuePropName="checked" noStyle>
          <Switch checkedChildren="限制" unCheckedChildren="不限" aria-label={`${label}：是否限制`} />
        </Form.Item>
        <Form.Item name={[name, "period"]} noStyle>
          <Select
            style={{ width: 80, marginLeft: 8 }}
            aria-label={`${label}：统计周期`}
            options={[
              { value: "total", label: "总共" },
              { value: "day", label: "每天" },
            ]}
          />
        </Form.Item>
        <Form.Item name={[name, "max"]} noStyle>
          <InputNumber
            min={1}
            precision={0}
            suffix="次"
            style={{ width: 90 }}
            aria-label={`${label}：次数`}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
