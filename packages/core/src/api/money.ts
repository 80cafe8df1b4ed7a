/** Money shapes shared by server and browser (issue #16). Amounts are integers in fen everywhere. */

/** What a membership level allows; negative counts mean "no limit". */
export interface Entitlements {
  questionnaires: number;
  responsesPerQuestionnaire: number;
  uploadSpaceMb: number;
  exportAttachments: boolean;
  removeBrand: boolean;
  customRedirect: boolean;
}

/** Level 0 (个人版): what every account gets for free. */
export const freeEntitlements: Entitlements = {
  // No count for now: the journeys' shared demo account makes far more than any small free count; the
  // check itself is tested with a lowered count (pay.test.ts). The lead/product decides the real number.
  questionnaires: -1,
  responsesPerQuestionnaire: 500,
  uploadSpaceMb: 200,
  exportAttachments: false,
  removeBrand: false,
  customRedirect: false,
};

export type OrderKind = "vip" | "recharge";
export type OrderStatus = "pending" | "paid" | "cancelled" | "refunded";

export const orderKindLabels: Record<OrderKind, string> = { vip: "会员开通", recharge: "余额充值" };
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  cancelled: "已取消",
  refunded: "已退款",
};
export const payProviderLabels: Record<string, string> = {
  wallet: "余额支付",
  fake: "模拟支付",
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
  createdAt: string;
}

export const walletKindLabels: Record<string, string> = {
  recharge: "余额充值",
  vip: "开通会员",
  refund: "退款",
  withdrawal: "提现",
  freeze: "冻结",
};

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
