import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { OutboundClient } from "./outbound-client.ts";
import { outboundClientFromConfig, outboundConfigFromEnv } from "./outbound-config.ts";

describe("outbound configuration", () => {
  it("defaults to no extra ports and no allow-list", () => {
    expect(loadConfig({}).outbound).toEqual({ allowedPorts: [], testAllow: [] });
  });

  it("reads comma lists of ports and test addresses", () => {
    expect(
      outboundConfigFromEnv({
        OUTBOUND_ALLOWED_PORTS: " 8080, 8443 ,",
        OUTBOUND_TEST_ALLOW: "127.0.0.1:4000,[::1]:4001",
        NODE_ENV: "test",
      }),
    ).toEqual({ allowedPorts: [8080, 8443], testAllow: ["127.0.0.1:4000", "[::1]:4001"] });
  });

  it.each([
    [{ OUTBOUND_ALLOWED_PORTS: "8080,http" }, /OUTBOUND_ALLOWED_PORTS: 应为逗号分隔的端口号.*“http”/],
    [{ OUTBOUND_ALLOWED_PORTS: "70000" }, /OUTBOUND_ALLOWED_PORTS/],
    [{ OUTBOUND_TEST_ALLOW: "localhost:4000" }, /OUTBOUND_TEST_ALLOW: .*“localhost:4000”无效/],
  ])("refuses to start on %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("refuses to start with the test allow-list in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", OUTBOUND_TEST_ALLOW: "127.0.0.1:4000" })).toThrow(
      /OUTBOUND_TEST_ALLOW 仅供自动化测试使用，生产环境（NODE_ENV=production）不得设置/,
    );
    expect(
      loadConfig({ NODE_ENV: "production", OUTBOUND_ALLOWED_PORTS: "8443" }).outbound.allowedPorts,
    ).toEqual([8443]);
  });

  it("builds the client from the configuration", async () => {
    const config = loadConfig({ OUTBOUND_ALLOWED_PORTS: "8443" });
    const client = outboundClientFromConfig(config, {
      lookup: async () => [{ address: "10.0.0.1", family: 4 }],
    });
    expect(client).toBeInstanceOf(OutboundClient);
    // 8443 passes the port rule, so the refusal comes from the address.
    expect(await client.request({ url: "https://hooks.example.test:8443/" })).toMatchObject({
      reason: "privateAddress",
    });
    expect(await client.request({ url: "https://hooks.example.test:8444/" })).toMatchObject({
      reason: "portNotAllowed",
    });
  });
});
