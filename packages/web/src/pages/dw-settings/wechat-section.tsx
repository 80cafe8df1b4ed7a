import { Alert, Card, Descriptions, Tag } from "antd";
import { useWeChatIntegration } from "../../api/admin-site.ts";

const configured = (text: string) => (
  <>
    <Tag color="success">已配置</Tag>
    {text}
  </>
);
const missing = (variables: string) => (
  <>
    <Tag>未配置</Tag>
    {`环境变量 ${variables}`}
  </>
);

/**
 * 微信接入 (issue #39): which WeChat applications this site uses, from the environment. App ids and the merchant
 * number only; the secrets are set in the environment (README) and the console never shows them.
 */
export function WeChatSection() {
  const query = useWeChatIntegration();
  const status = query.data;
  return (
    <Card title="微信接入" className="wj-settings__card" data-testid="settings-wechat" loading={!status}>
      {status ? (
        <>
          <Alert
            type="info"
            showIcon
            className="wj-settings__alert"
            message="微信的 AppID、AppSecret 和支付密钥由服务器环境变量设置，此处只显示是否已配置，密钥不会显示"
          />
          <Descriptions column={1} size="small" className="wj-settings__facts">
            <Descriptions.Item label="公众号（微信内作答、分享卡片、微信内支付）">
              {status.officialAccount
                ? configured(`AppID ${status.officialAccount.appId}`)
                : missing("WECHAT_OA_APPID、WECHAT_OA_SECRET")}
            </Descriptions.Item>
            <Descriptions.Item label="网站应用（微信扫码登录）">
              {status.website
                ? configured(`AppID ${status.website.appId}`)
                : missing("WECHAT_OPEN_APPID、WECHAT_OPEN_SECRET")}
            </Descriptions.Item>
            <Descriptions.Item label="小程序">
              {status.miniProgram
                ? configured(`AppID ${status.miniProgram.appId}（${status.miniProgram.envVersion}）`)
                : missing("WECHAT_MP_APPID、WECHAT_MP_SECRET")}
            </Descriptions.Item>
            <Descriptions.Item label="微信支付">
              {status.pay
                ? configured(
                    `商户号 ${status.pay.mchId}，AppID ${status.pay.appId}${status.pay.jsapi ? "，可在微信内支付" : "（与公众号不同，微信内改用扫码支付）"}`,
                  )
                : missing("WECHATPAY_*")}
            </Descriptions.Item>
            <Descriptions.Item label="红包发放">
              {status.redPacketPayout === "wechat" ? "微信零钱" : "账户余额"}
            </Descriptions.Item>
            <Descriptions.Item label="网页授权域名 / JS接口安全域名">
              {status.siteHost || "未设置 SITE_URL：请在公众号后台填写本站对外访问的域名"}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Card>
  );
}
