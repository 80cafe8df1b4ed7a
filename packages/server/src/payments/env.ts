import type { AlipayConfig } from "./alipay.ts";
import { pemFrom } from "./keys.ts";
import type { WechatPayConfig } from "./wechat-pay.ts";

type Env = Readonly<Record<string, unknown>>;

const text = (env: Env, name: string): string => {
  const value = env[name];
  return typeof value === "string" ? value : "";
};

/**
 * The values of `names` when every one is set, undefined when none is; a half-configured provider stops
 * the start with the names still missing (a typo must not quietly switch a payment method off).
 */
export function allOrNone<K extends string>(
  env: Env,
  names: readonly K[],
  label: string,
): Record<K, string> | undefined {
  const missing = names.filter((name) => !text(env, name));
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) throw new Error(`${label}配置不完整，缺少环境变量：${missing.join("、")}`);
  return Object.fromEntries(names.map((name) => [name, text(env, name)])) as Record<K, string>;
}

export function paymentConfigs(env: Env): {
  wechatPay: WechatPayConfig | undefined;
  alipay: AlipayConfig | undefined;
} {
  const w = allOrNone(
    env,
    [
      "WECHATPAY_MCH_ID",
      "WECHATPAY_APP_ID",
      "WECHATPAY_SERIAL_NO",
      "WECHATPAY_PRIVATE_KEY",
      "WECHATPAY_PLATFORM_PUBLIC_KEY",
      "WECHATPAY_APIV3_KEY",
      "WECHATPAY_NOTIFY_URL",
    ],
    "微信支付",
  );
  if (w && Buffer.byteLength(w.WECHATPAY_APIV3_KEY, "utf8") !== 32)
    throw new Error("微信支付配置有误：WECHATPAY_APIV3_KEY 应为32个字符的APIv3密钥");
  const a = allOrNone(
    env,
    ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY", "ALIPAY_NOTIFY_URL"],
    "支付宝",
  );
  return {
    wechatPay: w && {
      mchId: w.WECHATPAY_MCH_ID,
      appId: w.WECHATPAY_APP_ID,
      serialNo: w.WECHATPAY_SERIAL_NO,
      privateKey: pemFrom(w.WECHATPAY_PRIVATE_KEY),
      platformPublicKey: pemFrom(w.WECHATPAY_PLATFORM_PUBLIC_KEY),
      apiV3Key: w.WECHATPAY_APIV3_KEY,
      notifyUrl: w.WECHATPAY_NOTIFY_URL,
      baseUrl: text(env, "WECHATPAY_BASE_URL") || "https://api.mch.weixin.qq.com",
    },
    alipay: a && {
      appId: a.ALIPAY_APP_ID,
      privateKey: pemFrom(a.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pemFrom(a.ALIPAY_PUBLIC_KEY),
      notifyUrl: a.ALIPAY_NOTIFY_URL,
      gateway: text(env, "ALIPAY_GATEWAY") || "https://openapi.alipay.com/gateway.do",
    },
  };
}
