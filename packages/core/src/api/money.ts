/** Money shapes shared by server and browser (issue #16). Amounts are integers in fen everywhere. */

/** What a membership level allows; negative counts mean "no limit". */
export interface Entitlements {
  questionnaires: number;
  responsesPerQuestionnaire: number;
  uploadSpaceMb: number;
  exportAttachments: boolean;
  removeBrand: boolean;
  customRedirect: boolean;
  /** Members of one questionnaire's team besides its owner. */
  teamMembers: number;
  crossAnalysis: boolean;
  /**
   * 商品订单服务费率 (issue #41): the platform's fee on each paid 商品 order, in basis points (60 = 0.6 %),
   * taken when the money reaches the creator's wallet (api/form-products.ts feeFen).
   */
  formOrderFeeBp: number;
}

export type EntitlementKey = keyof Entitlements;

/**
 * The one table of what a level can be sold with (issue #33: the pricing page promised what the server did
 * not enforce, and the server allowed what the page said was 不支持). The pricing page and the admin's level
 * form list exactly these rows, in this order, and the server enforces every one of them
 * (commands/money/entitlements.ts, membership.ts, teams/invites.ts, results/cross-analysis.ts).
 */
export const entitlementCatalog: readonly {
  key: EntitlementKey;
  label: string;
  /** A count ("份", "MB", "人"; -1 means 不限) or a feature (支持 / 不支持). */
  unit: string;
  /** A count (-1 = 不限), a feature (支持 / 不支持), or a rate in basis points (shown as a percentage). */
  kind: "count" | "feature" | "rate";
}[] = [
  { key: "questionnaires", label: "问卷数量", unit: "份", kind: "count" },
  { key: "responsesPerQuestionnaire", label: "每份问卷答卷数", unit: "份", kind: "count" },
  { key: "uploadSpaceMb", label: "文件存储空间", unit: "MB", kind: "count" },
  { key: "teamMembers", label: "团队成员", unit: "人", kind: "count" },
  { key: "crossAnalysis", label: "交叉分析", unit: "", kind: "feature" },
  { key: "exportAttachments", label: "附件打包导出", unit: "", kind: "feature" },
  { key: "customRedirect", label: "提交后自定义跳转", unit: "", kind: "feature" },
  { key: "removeBrand", label: "去除答题页品牌标识", unit: "", kind: "feature" },
  { key: "formOrderFeeBp", label: "商品订单服务费率", unit: "%", kind: "rate" },
];

/** What a membership is bought for; a month is 31 days so that a month bought on the 31st lasts a month. */
export type VipPeriod = "month" | "year";
export const vipPeriodDays: Record<VipPeriod, number> = { month: 31, year: 365 };
export const vipPeriodLabels: Record<VipPeriod, string> = { month: "1个月", year: "1年" };

/** Level 0 (个人版): what every account gets for free. */
export const freeEntitlements: Entitlements = {
  // Above what the journeys' shared demo account makes over a whole e2e run; the admin lowers it by
  // saving a level-0 row (会员等级 → 个人版), which is how the tests check the mechanism.
  questionnaires: 1_000,
  responsesPerQuestionnaire: 1_000,
  uploadSpaceMb: 500,
  exportAttachments: false,
  removeBrand: false,
  customRedirect: false,
  teamMembers: 5,
  crossAnalysis: true,
  // 1 %: what the platform keeps of each paid 商品 order on the free level; paid levels keep less.
  formOrderFeeBp: 100,
};

/** Each known entitlement of `limits` that has the free default's type, over `base`. */
function overlayEntitlements(base: Entitlements, limits: Record<string, unknown> | undefined): Entitlements {
  const out: Record<string, unknown> = { ...base };
  for (const [key, free] of Object.entries(freeEntitlements)) {
    if (limits && typeof limits[key] === typeof free) out[key] = limits[key];
  }
  return out as unknown as Entitlements;
}

/**
 * What a level allows: its row's limits over level 0's (the admin's 个人版 row) over the built-in free
 * defaults. The server enforces exactly this and the pricing page shows exactly this, so the two agree.
 */
export function resolveEntitlements(
  level: number,
  freeLimits: Record<string, unknown> | undefined,
  levelLimits: Record<string, unknown> | undefined,
): Entitlements {
  const free = overlayEntitlements(freeEntitlements, freeLimits);
  return level === 0 ? free : overlayEntitlements(free, levelLimits);
}

export interface EntitlementRow {
  key: EntitlementKey;
  label: string;
  value: string;
  /** False when the level lacks the feature. */
  included: boolean;
}

/**
 * Every row of core's entitlement table for what a level allows (resolveEntitlements, as the server
 * enforces it): the page lists the same rows for every level, so nothing is promised or left out by accident.
 */
export function entitlementRows(entitlements: Entitlements): EntitlementRow[] {
  return entitlementCatalog.map(({ key, label, unit, kind }) => {
    const value = entitlements[key];
    if (kind === "feature") return { key, label, value: value ? "支持" : "不支持", included: value === true };
    if (kind === "rate") return { key, label, value: basisPointsText(Number(value)), included: true };
    const count = Number(value);
    return {
      key,
      label,
      value: count < 0 ? "不限" : `${count.toLocaleString("zh-CN")}${unit}`,
      included: count !== 0,
    };
  });
}

/** 60 → 「0.6%」, 0 → 「免服务费」. */
export function basisPointsText(basisPoints: number): string {
  if (basisPoints <= 0) return "免服务费";
  return `${Number((basisPoints / 100).toFixed(2))}%`;
}

export type OrderKind = "vip" | "recharge";
export type OrderStatus = "pending" | "paid" | "cancelled" | "refunded";

export const orderKindLabels: Record<OrderKind, string> = { vip: "会员开通", recharge: "余额充值" };
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  // Cancelled by the payer, or closed unpaid after ORDER_PAY_MINUTES: either way the order is closed.
  cancelled: "已关闭",
  refunded: "已退款",
};

/**
 * An unpaid order is closed this long after it was made, at the payment providers too (as shops do: 请在
 * 30 分钟内完成支付). A 对公转账 waits for the bank instead and is closed only by its payer or an admin.
 */
export const ORDER_PAY_MINUTES = 30;
export const payProviderLabels: Record<string, string> = {
  wallet: "余额支付",
  fake: "模拟支付",
  transfer: "对公转账",
  wechat: "微信支付",
  alipay: "支付宝",
  "": "—",
};

/** Recharge bounds in fen: 1 元 to 50000 元. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 5_000_000;

export interface OrderView {
  orderNo: string;
  kind: OrderKind;
  itemName: string;
  vipLevel: number | null;
  vipDays: number | null;
  amountFen: number;
  status: OrderStatus;
  provider: string;
  createdAt: string;
  paidAt: string;
}

/** 对公转账: where to send the money, and the reference the payer writes in the transfer's 附言. */
export interface TransferDetails {
  accountName: string;
  bankName: string;
  accountNo: string;
  note: string;
  reference: string;
}

/** pay/payOrder: the order, a code to scan for a QR provider, the bank details for 对公转账. */
export interface PayStartView {
  order: OrderView;
  /** A QR code's content to show (Native, Alipay, the local fake); "" on the other channels. */
  codeUrl: string;
  transfer?: TransferDetails;
  /** Inside WeChat: `WeixinJSBridge.invoke("getBrandWCPayRequest", jsapi, …)` pays it (WeChat Pay JSAPI). */
  jsapi?: {
    appId: string;
    timeStamp: string;
    nonceStr: string;
    package: string;
    signType: "RSA";
    paySign: string;
  };
  /** A phone's browser outside WeChat: WeChat Pay's page to go to (H5), which opens WeChat to pay. */
  h5Url?: string;
  /** Inside WeChat without the payer's openid yet: go through wechat/payAuthorize, then pay again. */
  wechatAuthorize?: boolean;
}

export interface WalletView {
  availableFen: number;
  frozenFen: number;
  /** Providers that can pay now, besides the wallet. */
  providers: Array<{ name: string; label: string }>;
}

export interface WalletRecordView {
  id: string;
  kind: string;
  kindLabel: string;
  /** Signed: positive when money came in. */
  amountFen: number;
  reference: string;
  /** What the movement was about, as a person reads it (订单号 …, 问卷《…》的红包); never an internal id. */
  detail: string;
  createdAt: string;
}

export const walletKindLabels: Record<string, string> = {
  recharge: "余额充值",
  vip: "开通会员",
  refund: "退款",
  withdrawal: "提现",
  // The hold is the withdrawal as the wallet sees it (its later payout moves nothing available).
  withdrawal_hold: "提现",
  withdrawal_release: "提现退回",
  freeze: "冻结",
  release: "解冻",
  sample: "样本服务",
  red_packet: "问卷红包",
  red_packet_claim: "问卷红包",
  refund_undo: "退款撤回",
};

export type WithdrawalChannel = "alipay" | "bank";
export type WithdrawalStatus = "pending" | "paid" | "rejected" | "cancelled";

export const withdrawalChannelLabels: Record<WithdrawalChannel, string> = {
  alipay: "支付宝",
  bank: "银行卡",
};
export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  pending: "审核中",
  paid: "已打款",
  rejected: "已驳回",
  cancelled: "已撤销",
};

/** Withdrawal bounds in fen: 1 元 to 50000 元 a request. */
export const WITHDRAWAL_MIN_FEN = 100;
export const WITHDRAWAL_MAX_FEN = 5_000_000;

export interface WithdrawalView {
  id: number;
  amountFen: number;
  channel: WithdrawalChannel;
  accountName: string;
  /** Masked for the user's own list except the last four characters. */
  accountNo: string;
  bankName: string;
  status: WithdrawalStatus;
  adminNote: string;
  createdAt: string;
  reviewedAt: string;
}

export type InvoiceStatus = "requested" | "issued";
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { requested: "开票中", issued: "已开票" };

/**
 * What 消费明细 filters by: the two order kinds, and the wallet movements grouped by what caused them
 * (其他 holds any movement a later feature adds before it gets a group of its own).
 */
export const consumptionTypes = [
  "vip",
  "recharge",
  "refund",
  "withdrawal",
  "red_packet",
  "sample",
  "form_order",
  "other",
] as const;
export type ConsumptionType = (typeof consumptionTypes)[number];
export const consumptionTypeLabels: Record<ConsumptionType, string> = {
  vip: "会员开通",
  recharge: "余额充值",
  refund: "退款",
  withdrawal: "提现",
  red_packet: "问卷红包",
  sample: "样本服务",
  form_order: "商品订单",
  other: "其他",
};

/**
 * A row of 消费明细: an order (any status) or a movement of the wallet's available money. The movement
 * that settles an order is the order's own row, so nothing shows twice. `amountFen` is signed from the
 * account's side: positive when money came to the account (a recharge, a refund to the wallet, a red
 * packet received, frozen money released), negative when it left or was frozen.
 */
export interface ConsumptionView {
  /** `order:<orderNo>` or `wallet:<transfer id>`: unique within the list. */
  id: string;
  source: "order" | "wallet";
  createdAt: string;
  type: ConsumptionType;
  typeLabel: string;
  itemName: string;
  amountFen: number;
  /** The order number the row belongs to; "" when none (a withdrawal, a red packet). */
  orderNo: string;
  status: string;
  statusLabel: string;
  /** How an order was paid ("" for movements and unpaid orders). */
  provider: string;
  /** Orders only: where its invoice stands (null: none asked for). */
  invoiceStatus: InvoiceStatus | null;
}

export interface InvoiceView {
  id: number;
  orderNo: string;
  title: string;
  taxNo: string;
  email: string;
  status: InvoiceStatus;
  createdAt: string;
  issuedAt: string;
}

/** `12345` → `123.45` (money stays in fen until it is shown). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "12.5" → 1250; null when it is not a positive amount with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
