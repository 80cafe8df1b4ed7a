import { Button, Descriptions } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { vipBadge, vipExpiryText } from "../../lib/vip.ts";
import { useUserStore } from "../../stores/user-store.ts";

/** What each `type` of the personal centre shows (seed §2). */
const SECTIONS: Record<string, { title: string; description: string }> = {
  "1": { title: "个人资料", description: "修改昵称、头像与登录密码，查看会员等级与到期时间。" },
  "2": { title: "我的钱包", description: "账户余额、充值记录与红包发放明细。" },
  "3": { title: "消费明细", description: "会员开通、样本服务等每一笔消费的时间、金额与订单号。" },
};

export function PersonalCenterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userInfo = useUserStore((state) => state.userInfo);
  const section = SECTIONS[params.get("type") ?? "1"] ?? SECTIONS["1"];
  return (
    <section className="wj-placeholder" data-testid="personal-center-page">
      <span className="wj-placeholder__eyebrow">个人中心</span>
      <h1>{section?.title}</h1>
      <p>{section?.description}</p>
      {userInfo && (
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
          <Descriptions.Item label="手机号">{userInfo.phone || "未绑定"}</Descriptions.Item>
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
