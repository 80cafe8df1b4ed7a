import { useQuery } from "@tanstack/react-query";
import type { QuestionarySettings } from "@wjgj/core";
import { ColorPicker, DatePicker, Form, Input, InputNumber, Spin, Switch } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { questionaryApi } from "../../../../api/questionary.ts";
import { designerKeys } from "../../hooks/use-reload.ts";
import { settingsAutosave } from "../../hooks/use-settings-autosave.ts";
import { type SettingsPatch, useSettingsSave } from "../../store/settings-autosave.ts";
import { useEditor } from "../../store/use-editor.ts";
import { HeaderImageField } from "./header-image-field.tsx";
import { LimitField, type LimitKey } from "./limit-field.tsx";
import { ConsentSettings, RetentionSettings } from "./privacy-settings.tsx";
import { ReviewSettings } from "./review-settings.tsx";
import { SettingsSaveStatus } from "./settings-save-status.tsx";
import { WeChatRespondentSettings } from "./wechat-settings.tsx";

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

/** The settings a form change touched, in the API's shape (the window is two settings). */
export function patchOf(changed: Partial<FormValues>, all: FormValues): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(changed) as (keyof FormValues)[]) {
    if (key === "window") {
      patch.startTime = all.window?.[0]?.toISOString() ?? "";
      patch.endTime = all.window?.[1]?.toISOString() ?? "";
    } else {
      // A nested change (one switch of a limit) sends its whole group, as the server validates groups.
      patch[key] = all[key];
    }
  }
  return patch as SettingsPatch;
}

/**
 * 问卷设置 that apply at once without re-publishing: collection window, limits, password, thank-you page,
 * look. Every change saves itself (store/settings-autosave.ts); there is no button to forget.
 */
export function CollectSettings() {
  const id = useEditor((state) => state.meta?.id ?? 0);
  const kind = useEditor((state) => state.meta?.kind ?? "survey");
  const generation = useSettingsSave((state) => state.generation);
  const query = useQuery({
    queryKey: designerKeys.settings(id),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id, { signal }),
    enabled: id > 0,
  });

  if (!query.data) return <Spin className="dd-side-empty" />;
  return (
    <Form<FormValues>
      // Filled once per questionnaire (and again after 刷新): a saved answer must not overwrite what is
      // being typed meanwhile.
      key={`${id}:${generation}`}
      initialValues={toForm(query.data)}
      layout="vertical"
      size="small"
      className="dd-collect"
      onValuesChange={(changed, all) => settingsAutosave()?.change(patchOf(changed, all))}
    >
      <SettingsSaveStatus />
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
        <LimitField key={limit.key} name={limit.key} label={`${limit.name}作答次数`} />
      ))}
      <Form.Item label="访问密码（留空为不设）" name="password">
        <Input.Password maxLength={32} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="需要登录后作答" name="loginRequired" valuePropName="checked">
        <Switch />
      </Form.Item>
      <WeChatRespondentSettings />
      <h4 className="dd-section__title">隐私保护</h4>
      <ConsentSettings />
      <RetentionSettings id={id} />
      <ReviewSettings />
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
      <Form.Item
        label="答题前显示封面页"
        name="coverPage"
        valuePropName="checked"
        tooltip="分享链接先打开封面页：问卷说明、题目数量、预计用时和隐私说明，点击“开始答题”后作答"
      >
        <Switch />
      </Form.Item>
      <Form.Item label="显示进度条" name="progressBar" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="主题色" name="themeColor" getValueFromEvent={(color) => color.toHexString()}>
        <ColorPicker showText disabledAlpha />
      </Form.Item>
      <Form.Item label="页眉图片" name="headerImage">
        <HeaderImageField />
      </Form.Item>
    </Form>
  );
}
