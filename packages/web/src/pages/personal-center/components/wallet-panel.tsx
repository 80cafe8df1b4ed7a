import {
  fenToYuan,
  RECHARGE_MAX_FEN,
  RECHARGE_MIN_FEN,
  type VipPeriod,
  vipPeriodLabels,
  type WalletRecordView,
  yuanToFen,
} from "@wjgj/core";
import { Alert, Button, Input, List, Modal, Skeleton } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useVipSets } from "../../../api/navigation.ts";
import { useWallet, useWalletRecords } from "../../../api/pay.ts";
import { vipBadge, vipExpiryText } from "../../../lib/vip.ts";
import { useUserStore } from "../../../stores/user-store.ts";
import { periodPrice } from "../../website-version/pricing.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { WithdrawalList, WithdrawDialog } from "./withdrawal-section.tsx";

const PAGE_SIZE = 10;

function RecordRow({ record }: { record: WalletRecordView }) {
  return (
    <List.Item className="wj-wallet__record" data-testid="wallet-record">
      <div>
        <div className="wj-wallet__record-kind">{record.kindLabel}</div>
        <div className="wj-wallet__record-meta">
          {record.createdAt}
          {record.detail ? ` · ${record.detail}` : ""}
        </div>
      </div>
      <strong className={record.amountFen >= 0 ? "wj-money--in" : "wj-money--out"}>
        {record.amountFen >= 0 ? "+" : ""}
        {fenToYuan(record.amountFen)}
      </strong>
    </List.Item>
  );
}

/** 充值: the amount in yuan (two decimals at most), paid through an outside provider. */
function RechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState("");
  const [amountFen, setAmountFen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handleNext = () => {
    const fen = yuanToFen(text);
    if (fen === null || fen < RECHARGE_MIN_FEN || fen > RECHARGE_MAX_FEN) {
      setError("充值金额需为1到50000元之间，最多两位小数");
      return;
    }
    setError(null);
    setAmountFen(fen);
  };
  const handleClose = () => {
    setAmountFen(null);
    setText("");
    onClose();
  };
  if (amountFen !== null) {
    return (
      <CheckoutDialog
        open={open}
        title="余额充值"
        itemText="余额充值"
        amountFen={amountFen}
        order={{ kind: "recharge", amountFen }}
        allowWallet={false}
        onClose={handleClose}
      />
    );
  }
  return (
    <Modal
      open={open}
      title="余额充值"
      onCancel={handleClose}
      onOk={handleNext}
      okText="下一步"
      cancelText="取消"
      width={400}
    >
      <label htmlFor="recharge-amount" className="wj-wallet__label">
        充值金额（元）
      </label>
      <Input
        id="recharge-amount"
        inputMode="decimal"
        prefix="¥"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={handleNext}
        status={error ? "error" : undefined}
        placeholder="1 - 50000"
      />
      {error && (
        <div role="alert" className="wj-wallet__error">
          {error}
        </div>
      )}
    </Modal>
  );
}

/** /dc/personalCenter?type=2: balance, recharge, membership purchase and every wallet movement. */
export function WalletPanel() {
  const [params, setParams] = useSearchParams();
  const userInfo = useUserStore((state) => state.userInfo);
  const wallet = useWallet();
  const vipSets = useVipSets();
  const [pageNum, setPageNum] = useState(1);
  const records = useWalletRecords(pageNum, PAGE_SIZE);
  const [recharging, setRecharging] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  // 立即开通 on the pricing page arrives with ?buy=<level>.
  const buyLevel = Number(params.get("buy") ?? 0);
  const period: VipPeriod = params.get("period") === "month" ? "month" : "year";
  const paidSets = (vipSets.data ?? []).filter((set) => set.level > 0);
  const buying = paidSets.find((set) => set.level === buyLevel) ?? null;
  const buyingPrice = buying ? periodPrice(buying, period) : null;
  const handleBuy = (level: number, chosen: VipPeriod) => {
    const next = new URLSearchParams(params);
    next.set("buy", String(level));
    next.set("period", chosen);
    setParams(next, { replace: true });
  };
  const handleCloseBuy = () => {
    const next = new URLSearchParams(params);
    next.delete("buy");
    next.delete("period");
    setParams(next, { replace: true });
  };

  return (
    <section className="wj-wallet" data-testid="wallet-page">
      <h1 className="wj-wallet__title">我的钱包</h1>
      <div className="wj-wallet__cards">
        <div className="wj-wallet__card">
          <div className="wj-wallet__card-label">可用余额（元）</div>
          {wallet.isPending ? (
            <Skeleton.Input active />
          ) : (
            <div className="wj-wallet__balance" data-testid="wallet-balance">
              {fenToYuan(wallet.data?.availableFen ?? 0)}
            </div>
          )}
          <div className="wj-wallet__card-meta">冻结中 ¥{fenToYuan(wallet.data?.frozenFen ?? 0)}</div>
          <div className="wj-wallet__card-actions">
            <Button type="primary" onClick={() => setRecharging(true)}>
              充值
            </Button>
            <Button onClick={() => setWithdrawing(true)} disabled={(wallet.data?.availableFen ?? 0) <= 0}>
              提现
            </Button>
          </div>
        </div>
        <div className="wj-wallet__card">
          <div className="wj-wallet__card-label">当前会员</div>
          <div className="wj-wallet__level" data-testid="wallet-level">
            {vipBadge(userInfo?.vipLevel ?? 0).label}
          </div>
          <div className="wj-wallet__card-meta">
            {userInfo ? (vipExpiryText(userInfo) ?? "免费使用基础功能") : ""}
          </div>
        </div>
      </div>

      <h2 className="wj-wallet__subtitle">开通会员</h2>
      {vipSets.isError && <Alert type="error" showIcon message="会员价格加载失败，请稍后刷新重试" />}
      <div className="wj-wallet__plans">
        {paidSets.map((set) => (
          <div key={set.id} className="wj-wallet__plan" data-testid="wallet-plan">
            <div className="wj-wallet__plan-name">{set.name}</div>
            {(["year", "month"] as const).map((each) => {
              const fen = periodPrice(set, each);
              if (fen === null) return null;
              return (
                <div key={each} className="wj-wallet__plan-price">
                  <b>
                    ¥{fenToYuan(fen)}
                    <span>/{each === "year" ? "年" : "月"}</span>
                  </b>
                  <Button type="primary" ghost size="small" onClick={() => handleBuy(set.level, each)}>
                    {userInfo?.vipLevel === set.level ? "续费" : "立即开通"}
                    {each === "year" ? "（1年）" : "（1个月）"}
                  </Button>
                </div>
              );
            })}
          </div>
        ))}
      </div>

      <h2 className="wj-wallet__subtitle">收支记录</h2>
      <List
        loading={records.isPending}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: <span className="wj-empty-text">暂无收支记录</span> }}
        renderItem={(record) => <RecordRow record={record} />}
        pagination={
          (records.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: pageNum,
                pageSize: PAGE_SIZE,
                total: records.data?.total ?? 0,
                onChange: setPageNum,
                size: "small",
              }
            : false
        }
      />

      <WithdrawalList />

      <RechargeDialog open={recharging} onClose={() => setRecharging(false)} />
      <WithdrawDialog
        open={withdrawing}
        availableFen={wallet.data?.availableFen ?? 0}
        onClose={() => setWithdrawing(false)}
      />
      {buying && buyingPrice !== null && (
        <CheckoutDialog
          open
          title={`开通${buying.name}`}
          itemText={`${buying.name}（${vipPeriodLabels[period]}）`}
          amountFen={buyingPrice}
          order={{ kind: "vip", vipLevel: buying.level, period }}
          allowWallet
          onClose={handleCloseBuy}
        />
      )}
    </section>
  );
}
