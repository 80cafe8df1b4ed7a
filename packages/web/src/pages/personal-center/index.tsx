import { Button } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { ProfilePage } from "./profile/index.tsx";

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
  return <ProfilePage />;
}
