import { Form, Switch } from "antd";
import { useWeChatOptions } from "../../../../api/wechat-login.ts";
import { LimitField } from "./limit-field.tsx";

/**
 * 微信作答 (issue #39): 仅限微信作答, 每个微信号限答 N 次 and 记录微信昵称头像. Shown only when the site has a 公众号
 * configured (wechat/options): without it WeChat cannot say who a respondent is.
 */
export function WeChatRespondentSettings() {
  const options = useWeChatOptions().data;
  if (!options?.respondents) return null;
  return (
    <>
      <h4 className="dd-section__title">微信作答</h4>
      <Form.Item
        label="仅限微信作答"
        name="wechatOnly"
        valuePropName="checked"
        tooltip="只能在微信中打开作答；在其他浏览器打开时，页面会提示用微信扫码打开"
      >
        <Switch />
      </Form.Item>
      <LimitField
        name="limitPerWechat"
        label="每个微信号作答次数"
        tooltip="按微信用户计数；开启后同样只能在微信中作答"
      />
      <Form.Item
        label="记录微信昵称头像"
        name="wechatProfile"
        valuePropName="checked"
        tooltip="在微信中作答时请求用户授权昵称和头像，显示在答卷详情和导出文件中（加密保存）"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
