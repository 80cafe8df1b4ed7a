import { describe, expect, it } from "vitest";
import { webhookDeliveryState, webhookDeliveryStateNames } from "./webhooks.ts";

describe("webhook delivery log", () => {
  it("calls a pending message that was already tried 等待重试, not 等待发送", () => {
    const name = (status: "pending" | "delivered" | "failed", attempts: number) =>
      webhookDeliveryStateNames[webhookDeliveryState({ status, attempts })];
    expect(name("pending", 0)).toBe("等待发送");
    expect(name("pending", 2)).toBe("等待重试");
    expect(name("failed", 8)).toBe("发送失败");
    expect(name("delivered", 1)).toBe("已送达");
  });
});
