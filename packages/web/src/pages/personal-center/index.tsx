import { Button, Descriptions } from "antd";
import { Link, useNavigate, useSearchParams } from "react-router";
import { vipBadge, vipExpiryText } from "../../lib/vip.ts";
import { useUserStore } from "../../stores/user-store.ts";
import { ConsumptionPanel } from "./components/consumption-panel.tsx";
import { WalletPanel } from "./components/wallet-panel.tsx";
import "./personal-center.css";

/** /dc/personalCenter (type 1 = profile, 2 = wallet) and /dc/personalCenter/personalDetail (type 3), seed §2. */
export function PersonalCenterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userInfo = useUserStore((state) => state.userInfo);
  const type = params.get("type");
  if (type === "2") return <WalletPanel />;
  if (type === "3") return <ConsumptionPanel />;
  return (
    <section className="wj-placeholder" data-testid="personal-center-page">
      <span className="wj-placeholder__eyebrow">个人中心</span>
      <h1>个人资料</h1>
      {userInfo && (
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
          <Descriptions.Item label="手机号">
            {userInfo.phone || (
              <>
                未绑定{" "}
                <Link to="/ConfirmPhone" data-testid="bind-phone-link">
                  去绑定
                </Link>
              </>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="昵称">{userInfo.nickName || "未设置"}</Descriptions.Item>
          <Descriptions.Item label="会员等级">
            {vipBadge(userInfo.vipLevel).label}
            {vipExpiryText(userInfo) ? `（${vipExpiryText(userInfo)}）` : ""}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Button onClick={() => navigate("/dc/dclist")}>返回项目管理</Button>
    </section>
  );
}
