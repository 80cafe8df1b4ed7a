import { Tabs } from "antd";
import { Link, useSearchParams } from "react-router";
import { useFooterInfo } from "../../api/navigation.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { LegalDocument } from "./components/legal-document.tsx";
import { PRIVACY_POLICY_INTRO, PRIVACY_POLICY_SECTIONS } from "./components/privacy-policy.ts";
import { USER_AGREEMENT_INTRO, USER_AGREEMENT_SECTIONS } from "./components/user-agreement.ts";
import "./agreement.css";

const UPDATED = "更新日期：2026年11月22日　生效日期：2026年11月22日";

/** /Agreement: the user agreement and the privacy policy; `?tab=privacy` opens the policy. */
export function AgreementPage() {
  const [params, setParams] = useSearchParams();
  const { data: footer } = useFooterInfo();
  const tab = params.get("tab") === "privacy" ? "privacy" : "agreement";

  return (
    <div className="wj-agreement">
      <header className="wj-agreement__header">
        <BrandLogo />
        <Link to="/Loginone">返回登录</Link>
      </header>
      <main className="wj-agreement__body">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === "privacy" ? { tab: "privacy" } : {}, { replace: true })}
          items={[
            {
              key: "agreement",
              label: "用户协议",
              children: (
                <LegalDocument
                  title="问卷管家用户协议"
                  updated={UPDATED}
                  intro={USER_AGREEMENT_INTRO}
                  sections={USER_AGREEMENT_SECTIONS}
                />
              ),
            },
            {
              key: "privacy",
              label: "隐私政策",
              children: (
                <LegalDocument
                  title="问卷管家隐私政策"
                  updated={UPDATED}
                  intro={PRIVACY_POLICY_INTRO}
                  sections={PRIVACY_POLICY_SECTIONS}
                />
              ),
            },
          ]}
        />
        {footer && (
          <aside className="wj-agreement__contact" data-testid="agreement-contact">
            <strong>联系方式</strong>
            <span>运营方：{footer.siteName}</span>
            <span>客服邮箱：{footer.siteMail}</span>
            <span>客服电话：{footer.sitePhone}</span>
          </aside>
        )}
      </main>
    </div>
  );
}
