import { Button, Descriptions } from "antd";
import { Link, useNavigate, useSearchParams } from "react-router";
import { vipBadge, vipExpiryText } from "../../lib/vip.ts";
import { useUserStore } from "../../stores/user-store.ts";

/**
 * The wallet (type 2) and consumption details (type 3) are still to be built (the account issue); they say
 * so plainly instead of describing features that do not exist yet.
 */
const COMING: Record<string, { title: string; description: string }> = {
  "2": { title: "我的钱包", description: "账户余额与收支记录将在这里显示。" },
  "3": { title: "消费明细", description: "会员开通等每一笔消费的时间、金额与订单号将在这里显示。" },
};

/** /dc/personalCenter (type 1 = profile, 2 = wallet) and /dc/personalCenter/personalDetail (type 3), seed §2. */
export function PersonalCenterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userInfo = useUserStore((state) => state.userInfo);
  const coming = COMING[params.get("type") ?? "1"];
  if (coming) {
    return (
      <section className="wj-placeholder" data-testid="placeholder-page">
        <span className="wj-placeholder__eyebrow">即将上线</span>
        <h1>{coming.title}</h1>
        <p>{coming.description}</p>
        <Button onClick={() => navigate("/dc/dclist")}>返回项目管理</Button>
      </section>
    );
  }
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
