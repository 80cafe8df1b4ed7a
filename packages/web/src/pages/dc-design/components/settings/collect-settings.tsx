import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuestionarySettings } from "@wjgj/core";
import {
  App,
  Button,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect } from "react";
import { questionaryApi } from "../../../../api/questionary.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { designerKeys } from "../../hooks/use-reload.ts";
import { useEditor } from "../../store/use-editor.ts";

type LimitKey = "limitPerIp" | "limitPerDevice" | "limitPerAccount";
const limits: { key: LimitKey; name: string }[] = [
  { key: "limitPerIp", name: "每个IP" },
  { key: "limitPerDevice", name: "每台设备" },
  { key: "limitPerAccount", name: "每个账号" },
];

interface FormValues extends Omit<QuestionarySettings, "startTime" | "endTime" | "themeColor"> {
  window: [Dayjs | null, Dayjs | null] | null;
  themeColor: string;
}

function toForm(settings: QuestionarySettings): FormValues {
  const { startTime, endTime, ...rest } = settings;
  return { ...rest, window: [startTime ? dayjs(startTime) : null, endTime ? dayjs(endTime) : null] };
}

function fromForm(values: FormValues): Partial<QuestionarySettings> {
  const { window, ...rest } = values;
  return { ...rest, startTime: window?.[0]?.toISOString() ?? "", endTime: window?.[1]?.toISOString() ?? "" };
}

/** 问卷设置 that apply at once without re-publishing: collection window, limits, password, thank-you page, look. */
export function CollectSettings() {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const kind = useEditor((state) => state.meta?.kind ?? "survey");
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const query = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });
  useEffect(() => {
    if (query.data) form.setFieldsValue(toForm(query.data));
  }, [query.data, form]);
  const mutation = useMutation({
    mutationFn: (values: FormValues) => questionaryApi.updateQuestionarySet(id, fromForm(values)),
    onSuccess: (settings) => {
      queryClient.setQueryData(designerKeys.settings(id), settings);
      void message.success("问卷设置已保存");
    },
    onError: (error) => showError(error),
  });

  if (!query.data) return <Spin className="dd-side-empty" />;
  return (
    <Form
      form={form}
      layout="vertical"
      size="small"
      className="dd-collect"
      onFinish={(values) => mutation.mutate(values)}
    >
      <h4 className="dd-section__title">回收设置</h4>
      <Form.Item label="收集时间" name="window">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          placeholder={["开始时间", "结束时间"]}
          style={{ width: "100%" }}
        />
      </Form.Item>
      <Form.Item label="最多回收答卷数（0 为不限）" name="maxResponses">
        <InputNumber min={0} precision={0} style={{ width: "100%" }} />
      </Form.Item>
      {limits.map((limit) => (
        <Form.Item key={limit.key} label={`${limit.name}作答次数`}>
          <Space.Compact block>
            <Form.Item name={[limit.key, "enabled"]} valuePropName="checked" noStyle>
              <Switch checkedChildren="限制" unCheckedChildren="不限" />
            </Form.Item>
            <Form.Item name={[limit.key, "period"]} noStyle>
              <Select
                style={{ width: 80, marginLeft: 8 }}
                options={[
                  { value: "total", label: "总共" },
                  { value: "day", label: "每天" },
                ]}
              />
            </Form.Item>
            <Form.Item name={[limit.key, "max"]} noStyle>
              <InputNumber min={1} precision={0} suffix="次" style={{ width: 90 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      ))}
      <Form.Item label="访问密码（留空为不设）" name="password">
        <Input.Password maxLength={32} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="需要登录后作答" name="loginRequired" valuePropName="checked">
        <Switch />
      </Form.Item>
      <h4 className="dd-section__title">提交后</h4>
      <Form.Item label="感谢语" name="thankYouText">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
      </Form.Item>
      <Form.Item label="跳转地址" name="redirectUrl" tooltip="以 http://、https:// 或 / 开头；留空则不跳转">
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item label="几秒后跳转" name="redirectSeconds">
        <InputNumber min={0} max={60} precision={0} />
      </Form.Item>
      {kind === "vote" && (
        <Form.Item label="投票后显示结果" name="showResultsAfterSubmit" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      <h4 className="dd-section__title">外观</h4>
      <Form.Item label="显示进度条" name="progressBar" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="主题色" name="themeColor" getValueFromEvent={(color) => color.toHexString()}>
        <ColorPicker showText disabledAlpha />
      </Form.Item>
      <Form.Item label="页眉图片地址" name="headerImage">
        <Input placeholder="https://" />
      </Form.Item>
      {(kind === "exam" || kind === "knowledge") && (
        <Form.Item label="切屏次数限制（超过自动交卷，0 为不限）" name="tabSwitchLimit">
          <InputNumber min={0} max={100} precision={0} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        保存设置
      </Button>
    </Form>
  );
}
