import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** Environment variables, parsed once at start (documented in the README's configuration table). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  DATABASE_URL: z.string().optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, "packages/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("warn"),
  SMS_PROVIDER: z.enum(["console"]).default("console"),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  OTHER_LOGIN_SECRET: z.string().optional(),
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
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** The local fake payment provider (development, tests, demos): never on a real site. */
  PAY_FAKE: flag.default(false),
  /** PEM of the fake gateway's Ed25519 public key; without it the server signs its own notifications. */
  PAY_FAKE_PUBLIC_KEY: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  smsProvider: "console";
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  otherLoginSecret: string | undefined;
  answerTokenSecret: string | undefined;
  wwwRedirect: boolean;
  /** The site's public address for canonical links, the sitemap and robots.txt; the request's host when unset. */
  siteUrl: string | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  sessionTtlDays: number;
  bodyLimitBytes: number;
  payFake: boolean;
  payFakePublicKey: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`环境变量配置有误：\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    smsProvider: e.SMS_PROVIDER,
    adminPhone: e.ADMIN_PHONE || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    otherLoginSecret: e.OTHER_LOGIN_SECRET || undefined,
    answerTokenSecret: e.ANSWER_TOKEN_SECRET || undefined,
    wwwRedirect: e.WWW_REDIRECT,
    siteUrl: e.SITE_URL || undefined,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    payFake: e.PAY_FAKE,
    payFakePublicKey: e.PAY_FAKE_PUBLIC_KEY || undefined,
  };
}
