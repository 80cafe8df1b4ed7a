import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { entitlementRows, resolveEntitlements, type VipPeriod } from "@wjgj/core";
import { Alert, Button, Segmented, Skeleton } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useVipSets } from "../../api/navigation.ts";
import { LinkButton } from "../../components/link-button.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { vipBadge } from "../../lib/vip.ts";
import { formatYuan, periodPrice } from "./pricing.ts";
import "./website-version.css";

/** The free edition is not a vipSet row; its column describes what every account gets. */
const FREE_FEATURES = ["全部基础题型与跳题逻辑", "问卷发布、分享与二维码", "基础统计报表"];

/** 版本价格 (/website/version): the VIP levels of vipSet/getVipSetList side by side, plus 个人版. */
export function WebsiteVersionPage() {
  const navigate = useNavigate();
  const vipSets = useVipSets();
  const [period, setPeriod] = useState<VipPeriod>("year");
  // The server's markup has no click handler: 立即开通 waits until the page is live, so no tap is lost.
  const hydrated = useHydrated();
  // The guard sends a visitor who is not logged in to the login page first, then back here.
  const handleOpen = (level: number) => navigate(`/dc/personalCenter?type=2&buy=${level}&period=${period}`);
  // Level 0's row (the admin's 个人版) sets the free limits; the paid cards are levels 1–3.
  const freeRow = (vipSets.data ?? []).find((vip) => vip.level === 0);
  const paid = (vipSets.data ?? []).filter((vip) => vip.level > 0);

  return (
    <div className="wj-pricing" data-testid="pricing-page">
      <header className="wj-pricing__head">
        <h1>版本价格</h1>
        <p>个人使用永久免费；团队与企业可按需开通会员，解锁更多问卷、答卷与高级分析。</p>
        <Segmented<VipPeriod>
          aria-label="开通时长"
          value={period}
          onChange={setPeriod}
          options={[
            { label: "按年购买", value: "year" },
            { label: "按月购买", value: "month" },
          ]}
        />
      </header>
      {vipSets.isError && <Alert type="error" showIcon message="会员价格加载失败，请稍后刷新重试" />}
      {vipSets.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="wj-pricing__grid">
          <section className="wj-plan" data-testid="plan-card" aria-labelledby="plan-free">
            <h2 id="plan-free" className="wj-plan__name">
              个人版
            </h2>
            <p className="wj-plan__price">
              <strong>免费</strong>
            </p>
            <p className="wj-plan__desc">适合个人体验与日常小调研，注册即可使用。</p>
            <ul className="wj-plan__limits">
              {FREE_FEATURES.map((text) => (
                <li key={text}>
                  <CheckOutlined aria-hidden="true" /> {text}
                </li>
              ))}
              {entitlementRows(resolveEntitlements(0, freeRow?.limits, undefined)).map((row) => (
                <li key={row.key} className={row.included ? undefined : "wj-plan__missing"}>
                  {row.included ? <CheckOutlined aria-hidden="true" /> : <CloseOutlined aria-hidden="true" />}{" "}
                  {row.label}：{row.value}
                </li>
              ))}
            </ul>
            <LinkButton block size="large" to="/dc/dclist">
              免费使用
            </LinkButton>
          </section>
          {paid.map((vip) => {
            const badge = vipBadge(vip.level);
            const price = periodPrice(vip, period);
            return (
              <section
                key={vip.id}
                className="wj-plan"
                data-testid="plan-card"
                aria-labelledby={`plan-${vip.id}`}
                style={{ borderTopColor: badge.to }}
              >
                <h2 id={`plan-${vip.id}`} className="wj-plan__name">
                  {vip.name}
                </h2>
                <p className="wj-plan__price">
                  {price === null ? (
                    <strong>暂不按{period === "year" ? "年" : "月"}销售</strong>
                  ) : (
                    <>
                      <span className="wj-plan__currency">¥</span>
                      <strong>{formatYuan(price)}</strong>
                      <span className="wj-plan__period">/{period === "year" ? "年" : "月"}</span>
                    </>
                  )}
                </p>
                <p className="wj-plan__desc">{vip.description}</p>
                <ul className="wj-plan__limits">
                  {entitlementRows(resolveEntitlements(vip.level, freeRow?.limits, vip.limits)).map((row) => (
                    <li key={row.key} className={row.included ? undefined : "wj-plan__missing"}>
                      {row.included ? (
                        <CheckOutlined aria-hidden="true" />
                      ) : (
                        <CloseOutlined aria-hidden="true" />
                      )}{" "}
                      {row.label}：{row.value}
                    </li>
                  ))}
                </ul>
                <Button
                  type="primary"
                  block
                  size="large"
                  disabled={price === null || !hydrated}
                  onClick={() => handleOpen(vip.level)}
                >
                  立即开通
                </Button>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
