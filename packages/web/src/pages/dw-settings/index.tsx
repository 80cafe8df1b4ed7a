import { Alert, Checkbox, Form, Input, Select, Typography } from "antd";
import { useEffect } from "react";
import { useSiteSettings } from "../../api/admin-site.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { EncryptionSection } from "./encryption-section.tsx";
import { SampleRatesSection, SpaceRulesSection } from "./rule-sections.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { WeChatSection } from "./wechat-section.tsx";
import "./dw-settings.css";

const footerFields: readonly [string, string, number][] = [
  ["siteName", "网站名称", 40],
  ["siteUrl", "网站地址", 200],
  ["siteIcp", "备案号", 100],
  ["siteMail", "联系邮箱", 100],
  ["sitePhone", "联系电话", 40],
  ["versionInfo", "版本名称", 40],
  ["versionNumber", "版本号", 40],
  ["versionBuilt", "构建日期", 40],
  ["years", "版权年份", 40],
];

const contactFields: readonly [string, string, number][] = [
  ["address", "公司地址", 200],
  ["phone", "客服电话", 40],
  ["email", "商务邮箱", 100],
  ["workTime", "工作时间", 100],
];

const textItems = (fields: readonly [string, string, number][]) =>
  fields.map(([name, label, max]) => (
    <Form.Item key={name} name={name} label={label}>
      <Input maxLength={max} />
    </Form.Item>
  ));

/**
 * 站点设置: footer, logo, contact details, the www rule, the SMS account (secrets are write-only), the
 * sample-service rates, the answer space's points rules and personal-data encryption.
 */
export function DwSettingsPage() {
  const query = useSiteSettings();
  const showError = useApiError();
  const settings = query.data;

  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  return (
    <section className="wj-admin-screen wj-settings" data-testid="admin-settings">
      <div className="wj-admin-screen__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          站点设置
        </Typography.Title>
      </div>
      <div className="wj-settings__grid">
        <SettingsSection
          title="页脚信息"
          testId="settings-footer"
          prefix="footer"
          initial={settings?.footer as Record<string, unknown> | undefined}
          toInput={(values) => ({ footer: values })}
        >
          <div className="wj-settings__pair">{textItems(footerFields)}</div>
        </SettingsSection>

        <SettingsSection
          title="联系方式"
          testId="settings-contact"
          prefix="contact"
          initial={settings?.contact as Record<string, unknown> | undefined}
          toInput={(values) => ({ contact: values })}
        >
          {textItems(contactFields)}
        </SettingsSection>

        <SettingsSection
          title="网站标志"
          testId="settings-logo"
          prefix="logo"
          initial={settings ? { logo: settings.logo } : undefined}
          toInput={(values) => ({ logo: String(values.logo ?? "").trim() })}
        >
          <Form.Item name="logo" label="标志图片地址" extra="留空则使用问卷管家默认标志">
            <Input maxLength={500} placeholder="https://… 或 /本站路径" />
          </Form.Item>
          {settings?.logo ? (
            <img className="wj-settings__logo" src={settings.logo} alt="当前网站标志" />
          ) : null}
        </SettingsSection>

        <SettingsSection
          title="域名规则"
          testId="settings-www"
          prefix="wwwNote"
          initial={settings ? { wwwNote: settings.www.note } : undefined}
          toInput={(values) => ({ wwwNote: String(values.wwwNote ?? "") })}
        >
          <Alert
            type={settings?.www.redirectEnabled ? "success" : "info"}
            showIcon
            className="wj-settings__alert"
            message={
              settings?.www.redirectEnabled
                ? "已开启：不以 www 开头的访问地址会跳转到加上 www 的同一地址"
                : "未开启：访问地址不做 www 跳转"
            }
            description="跳转由服务器环境变量 WWW_REDIRECT 控制（在读取数据库之前就要生效），这里只记录说明。"
          />
          <Form.Item name="wwwNote" label="说明">
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} />
          </Form.Item>
        </SettingsSection>

        <SettingsSection
          title="短信通道"
          testId="settings-sms"
          prefix="sms"
          initial={
            settings ? { ...settings.sms, accessKeySecret: "", clearAccessKeySecret: false } : undefined
          }
          toInput={(values) => {
            const { accessKeySecret, clearAccessKeySecret, ...rest } = values;
            const secret = typeof accessKeySecret === "string" ? accessKeySecret.trim() : "";
            // An empty secret box keeps the stored secret: it is never sent to the browser to be sent back.
            return {
              sms: {
                ...rest,
                ...(secret ? { accessKeySecret: secret } : {}),
                ...(clearAccessKeySecret === true ? { clearAccessKeySecret: true } : {}),
              },
            };
          }}
        >
          <Form.Item name="provider" label="服务商">
            <Select
              options={[
                { value: "console", label: "控制台（不真实发送，写入短信发件箱）" },
                { value: "aliyun", label: "阿里云短信" },
                { value: "tencent", label: "腾讯云短信" },
              ]}
            />
          </Form.Item>
          <div className="wj-settings__pair">
            <Form.Item name="signName" label="短信签名">
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="templateCode" label="模板编号">
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="accessKeyId" label="AccessKey ID">
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="accessKeySecret"
              label="AccessKey Secret"
              extra={settings?.sms.accessKeySecret ? "已设置，留空则保持不变" : "未设置"}
            >
              <Input.Password
                maxLength={256}
                autoComplete="new-password"
                placeholder={settings?.sms.accessKeySecret ? "已设置" : ""}
              />
            </Form.Item>
          </div>
          {settings?.sms.accessKeySecret ? (
            <Form.Item name="clearAccessKeySecret" valuePropName="checked">
              <Checkbox>清除已保存的密钥</Checkbox>
            </Form.Item>
          ) : null}
        </SettingsSection>

        <SampleRatesSection />
        <SpaceRulesSection />
        <EncryptionSection />
        <WeChatSection />
      </div>
    </section>
  );
}
