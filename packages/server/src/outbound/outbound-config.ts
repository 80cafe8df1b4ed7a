import { parseAllowEntry } from "./address-policy.ts";
import { OutboundClient, type OutboundClientOptions } from "./outbound-client.ts";

export interface OutboundConfig {
  /** OUTBOUND_ALLOWED_PORTS: ports user URLs may name besides 80 and 443. */
  allowedPorts: number[];
  /**
   * OUTBOUND_TEST_ALLOW: "ip" or "ip:port" entries let through although private. Only for automated tests
   * whose receiver listens on 127.0.0.1; refused at start when NODE_ENV=production.
   */
  testAllow: string[];
}

type Env = Readonly<Record<string, unknown>>;

const list = (env: Env, name: string): string[] => {
  const value = env[name];
  return typeof value === "string"
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
};

const invalid = (name: string, message: string) => new Error(`环境变量配置有误：\n  ${name}: ${message}`);

/** Reads the outbound variables from the raw environment (NODE_ENV is not part of config.ts's schema). */
export function outboundConfigFromEnv(env: Env): OutboundConfig {
  const allowedPorts = list(env, "OUTBOUND_ALLOWED_PORTS").map((item) => {
    const port = /^\d{1,5}$/.test(item) ? Number(item) : Number.NaN;
    if (!(port >= 1 && port <= 65535))
      throw invalid(
        "OUTBOUND_ALLOWED_PORTS",
        `应为逗号分隔的端口号（1–65535），如 8080,8443；“${item}”不是端口号`,
      );
    return port;
  });
  const testAllow = list(env, "OUTBOUND_TEST_ALLOW");
  for (const item of testAllow)
    if (!parseAllowEntry(item))
      throw invalid(
        "OUTBOUND_TEST_ALLOW",
        `应为逗号分隔的 IP 或 IP:端口（IPv6 写作 [::1]:4000），如 127.0.0.1:4000；“${item}”无效`,
      );
  if (testAllow.length > 0 && env.NODE_ENV === "production")
    throw new Error(
      "OUTBOUND_TEST_ALLOW 仅供自动化测试使用，生产环境（NODE_ENV=production）不得设置：它允许向所列的内网地址发送请求。请删除该环境变量后再启动",
    );
  return { allowedPorts, testAllow };
}

/** The client every user-supplied URL goes through, with the site's configured ports and test allow-list. */
export function outboundClientFromConfig(
  config: { outbound: OutboundConfig },
  options: Omit<OutboundClientOptions, "allowedPorts" | "allowAddresses"> = {},
): OutboundClient {
  return new OutboundClient({
    ...options,
    allowedPorts: config.outbound.allowedPorts,
    allowAddresses: config.outbound.testAllow,
  });
}
