/**
 * Sample-service orders (样本服务, issue #19): a creator buys a number of valid responses for a published
 * questionnaire, with targeting, priced per response from rates the admin sets. The total is frozen in the
 * wallet when the order is placed; the admin's progress charges each accepted response from that hold, and a
 * cancel returns what was not filled. Responses from the order's link carry `sampleSource`.
 */
export const sampleSource = "sample";

export interface SampleChoice<V extends string = string> {
  value: V;
  label: string;
}

const any = { value: "any", label: "不限" } as const;

/** Targeting dimensions and their choices; "any" costs nothing extra. */
export const sampleTargeting = {
  region: [
    any,
    { value: "north", label: "华北" },
    { value: "east", label: "华东" },
    { value: "south", label: "华南" },
    { value: "central", label: "华中" },
    { value: "southwest", label: "西南" },
    { value: "northwest", label: "西北" },
    { value: "northeast", label: "东北" },
  ],
  ageBand: [
    any,
    { value: "18-24", label: "18-24岁" },
    { value: "25-34", label: "25-34岁" },
    { value: "35-44", label: "35-44岁" },
    { value: "45-59", label: "45-59岁" },
    { value: "60+", label: "60岁及以上" },
  ],
  gender: [any, { value: "male", label: "男" }, { value: "female", label: "女" }],
  occupation: [
    any,
    { value: "student", label: "学生" },
    { value: "office", label: "企业职员" },
    { value: "public", label: "公务员/事业单位" },
    { value: "freelance", label: "自由职业" },
    { value: "service", label: "工人/服务业" },
    { value: "retired", label: "退休" },
  ],
} as const satisfies Record<string, readonly SampleChoice[]>;

export type SampleDimension = keyof typeof sampleTargeting;
export const sampleDimensions = Object.keys(sampleTargeting) as SampleDimension[];
export const sampleDimensionLabels: Record<SampleDimension, string> = {
  region: "地区",
  ageBand: "年龄段",
  gender: "性别",
  occupation: "职业",
};

export type SampleTargeting = {
  [D in SampleDimension]: (typeof sampleTargeting)[D][number]["value"];
};

/** The rate field of each targeting dimension's surcharge. */
export const sampleSurchargeFields = {
  region: "regionPriceFen",
  ageBand: "ageBandPriceFen",
  gender: "genderPriceFen",
  occupation: "occupationPriceFen",
} as const satisfies Record<SampleDimension, string>;

/**
 * Rates the admin sets (站点设置 → 样本服务价格), in fen per valid response: a base price plus, for each
 * targeting dimension that is not 不限, that dimension's surcharge.
 */
export interface SampleRates {
  basePriceFen: number;
  regionPriceFen: number;
  ageBandPriceFen: number;
  genderPriceFen: number;
  occupationPriceFen: number;
  minQuantity: number;
  maxQuantity: number;
}

export const sampleRateDefaults: SampleRates = {
  basePriceFen: 500,
  regionPriceFen: 100,
  ageBandPriceFen: 100,
  genderPriceFen: 100,
  occupationPriceFen: 100,
  minQuantity: 10,
  maxQuantity: 10_000,
};

/** Bounds the admin's rates must keep (fen). */
export const sampleRateLimits = { maxPriceFen: 100_000, maxQuantity: 100_000 } as const;

export function samplePriceFen(rates: SampleRates, targeting: SampleTargeting): number {
  return sampleDimensions.reduce(
    (price, d) => (targeting[d] === "any" ? price : price + rates[sampleSurchargeFields[d]]),
    rates.basePriceFen,
  );
}

/** 「华东 · 25-34岁 · 不限性别 · 学生」 for lists. */
export function describeTargeting(targeting: SampleTargeting): string {
  return sampleDimensions
    .map((d) => {
      const choices: readonly SampleChoice[] = sampleTargeting[d];
      const label = choices.find((c) => c.value === targeting[d])?.label ?? "不限";
      return label === "不限" ? `${sampleDimensionLabels[d]}不限` : label;
    })
    .join(" · ");
}

export type SampleOrderStatus = "paid" | "collecting" | "completed" | "cancelled";
export const sampleOrderStatusLabels: Record<SampleOrderStatus, string> = {
  paid: "已支付，待投放",
  collecting: "回收中",
  completed: "已完成",
  cancelled: "已取消",
};

export interface SampleOrderView {
  id: number;
  orderNo: string;
  questionnaireId: number;
  quantity: number;
  /** Valid responses accepted so far (each charged once). */
  filled: number;
  /** Responses the admin rejected as invalid (never charged). */
  rejected: number;
  priceFen: number;
  totalFen: number;
  /** Charged so far: filled × price. */
  chargedFen: number;
  /** Returned to the wallet (the unfilled part of a cancelled order). */
  refundedFen: number;
  targeting: SampleTargeting;
  targetingText: string;
  note: string;
  status: SampleOrderStatus;
  adminNote: string;
  createdAt: string;
  updatedAt: string;
}

export interface SampleServiceInfo {
  rates: SampleRates;
  balanceFen: number;
}

export const sampleMessages = {
  sampleQuantityInvalid: "需要的答卷数超出允许范围",
  sampleTargetingInvalid: "请选择有效的定向条件",
  sampleNoteInvalid: "补充说明不超过200字",
  sampleNotPublished: "只有已发布、正在收集的问卷才能下单样本服务",
  sampleBalanceInsufficient: "账户余额不足，请先充值",
  sampleOrderNotFound: "样本订单不存在",
  sampleOrderClosed: "该样本订单已完成或已取消",
  sampleProgressInvalid: "有效答卷数不能减少，也不能超过订购数量；无效答卷数不能减少",
  sampleCancelReasonInvalid: "请填写取消原因（1-200个字）",
  sampleOrderPlaced: "下单成功，费用已从余额中冻结",
  sampleOrderCancelled: "订单已取消，未完成部分的费用已退回余额",
  sampleProgressSaved: "进度已更新",
  samplePriceInvalid: "加价需为0到100000之间的整数（单位：分）",
  sampleBasePriceInvalid: "基础价需为1到100000之间的整数（单位：分）",
  sampleQuantityLimitInvalid: "订购数量限制需为1到100000之间的整数",
  sampleQuantityRangeInvalid: "最少订购数量不能大于最多订购数量",
  sampleRatesSaved: "样本服务价格已保存",
} as const;
