import path from "node:path";
import { fileURLToPath } from "node:url";
import { limits } from "@wjgj/core";
import { z } from "zod";
import { type OutboundConfig, outboundConfigFromEnv } from "./outbound/outbound-config.ts";
import type { AlipayConfig } from "./payments/alipay.ts";
import { allOrNone, paymentConfigs } from "./payments/env.ts";
import type { WechatPayConfig } from "./payments/wechat-pay.ts";
import { PASSWORD_HASH_COST } from "./security/hashing.ts";
import { type WeChatConfig, wechatConfig } from "./wechat/env.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const passwordHashCostRange = `应为 ${PASSWORD_HASH_COST.min}–${PASSWORD_HASH_COST.max} 的整数（scrypt 的 N 取以 2 为底的对数），默认 ${PASSWORD_HASH_COST.default}`;

/** Environment variables, parsed once at start (documented in the README's configuration table). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL pool: connections per instance, idle and connect timeouts (ignored on SQLite). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  PG_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * pg-pool counts waiting for a free pooled connection against this too, so a burst of submits queued
   * behind a full pool would fail with it: 0 (the default) waits; statements stay bounded by the timeout below.
   */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(0),
  /** Longest a statement may run before PostgreSQL cancels it; 0 = no limit. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  WEB_DIST: z.string().default(path.join(repoRoot, "packages/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  SMS_PROVIDER: z.enum(["console"]).default("console"),
  /** Verification codes one client address may ask for per hour (a school behind one NAT address may need more). */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(limits.phoneCode.perIpPerHour),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  OTHER_LOGIN_SECRET: z.string().optional(),
  /**
   * Wraps the data keys personal answers are encrypted with: 32 random bytes as 64 hex characters or base64.
   * Without it a key is generated once in DATA_DIR/keys/master.key (a single machine's start); a production
   * site sets it from a secret store and keeps it apart from the database and its backups.
   */
  MASTER_KEY: z.string().optional(),
  /** While rotating the master key: the one it replaces (data keys under it are re-wrapped at start). */
  MASTER_KEY_PREVIOUS: z.string().optional(),
  /** Encrypt personal answers at rest (default). Off only to measure what encryption costs (npm run bench). */
  PERSONAL_DATA_ENCRYPTION: flag.default(true),
  /** Signs answering-session tokens; without it a key is generated once under DATA_DIR. */
  ANSWER_TOKEN_SECRET: z.string().optional(),
  WWW_REDIRECT: flag.default(false),
  SITE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+$/, "应为站点地址，如 https://www.example.com（不带路径）")
    .optional(),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO: flag.default(true),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * scrypt's cost for new password hashes, as log2 N (security/hashing.ts): 15 by default, and no lower in
   * production; automated tests set 10.
   */
  PASSWORD_HASH_COST: z.coerce
    .number({ error: passwordHashCostRange })
    .int(passwordHashCostRange)
    .min(PASSWORD_HASH_COST.min, passwordHashCostRange)
    .max(PASSWORD_HASH_COST.max, passwordHashCostRange)
    .default(PASSWORD_HASH_COST.default),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Open API: calls per key per minute, across every instance. */
  OPEN_API_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** WeChat mini program (queationaryTeam/getSmallUrlScheme); without both, the call says it is not set up. */
  WECHAT_MP_APPID: z.string().optional(),
  WECHAT_MP_SECRET: z.string().optional(),
  WECHAT_MP_PAGE: z.string().default("pages/answer/index"),
  WECHAT_MP_ENV: z.enum(["release", "trial", "develop"]).default("release"),
  WECHAT_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, "应为接口地址，如 https://api.weixin.qq.com")
    .default("https://api.weixin.qq.com"),
  /** The browser-facing authorisation pages (open.weixin.qq.com); tests point it at a local fake. */
  WECHAT_OPEN_BASE: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, "应为网址，如 https://open.weixin.qq.com")
    .default("https://open.weixin.qq.com"),
  /** 公众号 (web authorisation in WeChat, share cards, JSAPI payments): both, or neither. */
  WECHAT_OA_APPID: z.string().optional(),
  WECHAT_OA_SECRET: z.string().optional(),
  /** 开放平台网站应用 (微信扫码登录 on a computer): both, or neither. */
  WECHAT_OPEN_APPID: z.string().optional(),
  WECHAT_OPEN_SECRET: z.string().optional(),
  /** Object storage: set S3_BUCKET to keep files in an S3-compatible bucket instead of DATA_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url("应为对象存储地址，如 http://127.0.0.1:9000").optional().or(z.literal("")),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** The local fake payment provider (development, tests, demos): never on a real site. */
  PAY_FAKE: flag.default(false),
  /** Tests only: the local fake pays inside WeChat as WeChat Pay JSAPI would (the journeys' stub bridge pays). */
  PAY_FAKE_JSAPI: flag.default(false),
  /** PEM of the fake gateway's Ed25519 public key; without it the server signs its own notifications. */
  PAY_FAKE_PUBLIC_KEY: z.string().optional(),
  /** Background jobs: how long a claimed job stays an instance's before another may take it over. */
  JOB_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** How often an idle instance looks for due jobs (queued here or by another instance). */
  JOB_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(1000),
  /** Runs of a job before it is recorded as failed (a failure waits 2 s, 4 s, 8 s … before the next). */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** WeChat Pay API v3 (Native QR): all of these, or none. Keys are PEM text or a file path. */
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_SERIAL_NO: z.string().optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_NOTIFY_URL: z.string().optional(),
  WECHATPAY_BASE_URL: z.string().default("https://api.mch.weixin.qq.com"),
  /**
   * How a red-packet claim is paid: wallet (the claimant's account balance, the default) or wechat
   * (商家转账到零钱 to the openid a claim from inside WeChat carries; needs the WECHATPAY_* variables).
   */
  REDPACKET_PAYOUT: z.enum(["wallet", "wechat"], { error: "应为 wallet 或 wechat" }).default("wallet"),
  /** Alipay (当面付 precreate QR): all of these, or none. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_NOTIFY_URL: z.string().optional(),
  ALIPAY_GATEWAY: z.string().default("https://openapi.alipay.com/gateway.do"),
});

export interface PgPoolOptions {
  max: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pgPool: PgPoolOptions;
  webDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  smsProvider: "console";
  smsPerIpPerHour: number;
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  otherLoginSecret: string | undefined;
  answerTokenSecret: string | undefined;
  /** MASTER_KEY and MASTER_KEY_PREVIOUS as given (checked and decoded by the keyring at start). */
  masterKey: string | undefined;
  masterKeyPrevious: string | undefined;
  personalDataEncryption: boolean;
  wwwRedirect: boolean;
  /** The site's public address for canonical links, the sitemap and robots.txt; the request's host when unset. */
  siteUrl: string | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  sessionTtlDays: number;
  /** scrypt's cost for new password hashes, as log2 N (PASSWORD_HASH_COST). */
  passwordHashCost: number;
  bodyLimitBytes: number;
  openApiCallsPerMinute: number;
  /** Set when WECHAT_MP_APPID and WECHAT_MP_SECRET both are. */
  miniProgram:
    | {
        appId: string;
        appSecret: string;
        apiBase: string;
        page: string;
        envVersion: "release" | "trial" | "develop";
      }
    | undefined;
  /** 公众号 and 网站应用 (each undefined when not configured): signing in with WeChat, respondents, share cards. */
  wechat: WeChatConfig;
  /** The bucket when files live in S3-compatible storage; undefined keeps them under DATA_DIR. */
  s3: S3Config | undefined;
  payFake: boolean;
  /** The fake also offers the JSAPI channel inside WeChat (PAY_FAKE_JSAPI, journeys only). */
  payFakeJsapi: boolean;
  payFakePublicKey: string | undefined;
  jobs: JobOptions;
  /** Undefined when the variables are not set: the provider then answers that it is not open. */
  wechatPay: WechatPayConfig | undefined;
  alipay: AlipayConfig | undefined;
  /** wechat: claims carrying an openid are paid to WeChat 零钱; the rest, and wallet, credit the wallet. */
  redPacketPayout: "wallet" | "wechat";
  /** Calls to user-supplied URLs (webhooks): OUTBOUND_ALLOWED_PORTS and the test-only OUTBOUND_TEST_ALLOW. */
  outbound: OutboundConfig;
}

export interface JobOptions {
  leaseMs: number;
  pollMs: number;
  maxAttempts: number;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`环境变量配置有误：\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const payments = paymentConfigs(e);
  const wechat = wechatConfig(e);
  const miniProgram = allOrNone(e, ["WECHAT_MP_APPID", "WECHAT_MP_SECRET"], "微信小程序");
  if (e.REDPACKET_PAYOUT === "wechat" && !payments.wechatPay)
    throw new Error(
      "红包微信零钱打款未开通：REDPACKET_PAYOUT=wechat 需要完整的微信支付配置（WECHATPAY_MCH_ID 等环境变量）",
    );
  // NODE_ENV is read from the raw environment, as for OUTBOUND_TEST_ALLOW: the schema leaves it out.
  if (e.PASSWORD_HASH_COST < PASSWORD_HASH_COST.default && env.NODE_ENV === "production")
    throw new Error(
      `PASSWORD_HASH_COST 低于 ${PASSWORD_HASH_COST.default} 仅供自动化测试使用，生产环境（NODE_ENV=production）不得设置：密码的哈希会更容易被离线猜出。请删除该环境变量或设为 ${PASSWORD_HASH_COST.default} 及以上后再启动`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    pgPool: {
      max: e.PG_POOL_MAX,
      idleTimeoutMs: e.PG_IDLE_TIMEOUT_MS,
      connectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    },
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    smsProvider: e.SMS_PROVIDER,
    smsPerIpPerHour: e.SMS_PER_IP_PER_HOUR,
    adminPhone: e.ADMIN_PHONE || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    otherLoginSecret: e.OTHER_LOGIN_SECRET || undefined,
    answerTokenSecret: e.ANSWER_TOKEN_SECRET || undefined,
    masterKey: e.MASTER_KEY || undefined,
    masterKeyPrevious: e.MASTER_KEY_PREVIOUS || undefined,
    personalDataEncryption: e.PERSONAL_DATA_ENCRYPTION,
    wwwRedirect: e.WWW_REDIRECT,
    siteUrl: e.SITE_URL || undefined,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    openApiCallsPerMinute: e.OPEN_API_CALLS_PER_MINUTE,
    miniProgram: miniProgram && {
      appId: miniProgram.WECHAT_MP_APPID,
      appSecret: miniProgram.WECHAT_MP_SECRET,
      apiBase: wechat.apiBase,
      page: e.WECHAT_MP_PAGE,
      envVersion: e.WECHAT_MP_ENV,
    },
    wechat,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    payFake: e.PAY_FAKE,
    payFakeJsapi: e.PAY_FAKE && e.PAY_FAKE_JSAPI,
    payFakePublicKey: e.PAY_FAKE_PUBLIC_KEY || undefined,
    jobs: { leaseMs: e.JOB_LEASE_MS, pollMs: e.JOB_POLL_MS, maxAttempts: e.JOB_MAX_ATTEMPTS },
    ...payments,
    redPacketPayout: e.REDPACKET_PAYOUT,
    // Read from the raw environment: refusing OUTBOUND_TEST_ALLOW needs NODE_ENV, which the schema leaves out.
    outbound: outboundConfigFromEnv(env),
  };
}
