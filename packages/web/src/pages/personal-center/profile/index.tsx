import { Card, Skeleton } from "antd";
import { useAccountSecurity } from "../../../api/account.ts";
import { WebhooksPanel } from "../../../components/webhooks/webhooks-panel.tsx";
import { ApiKeysCard } from "./api-keys-card.tsx";
import { BasicInfoCard } from "./basic-info.tsx";
import { DeletionCard } from "./deletion-card.tsx";
import { DevicesCard } from "./devices-card.tsx";
import { SecurityCard } from "./security-card.tsx";
import { WeChatCard } from "./wechat-card.tsx";
import "./profile.css";

/** /dc/personalCenter?type=1: the profile and the account's security. */
export function ProfilePage() {
  const security = useAccountSecurity();
  return (
    <section className="wj-profile" data-testid="personal-center-page">
      <h1 className="wj-profile__title">个人资料</h1>
      <BasicInfoCard />
      {security.data ? (
        <>
          <SecurityCard security={security.data} />
          <WeChatCard />
          <DevicesCard />
          <ApiKeysCard />
          <Card title="数据推送（所有问卷）" className="wj-profile__card">
            <WebhooksPanel questionnaireId={null} />
          </Card>
          <DeletionCard security={security.data} />
        </>
      ) : (
        <Skeleton active />
      )}
    </section>
  );
}
