import { describe, expect, it } from "vitest";
import { webhookDeliveryStateName } from "./webhooks.ts";

describe("webhook delivery log", () => {
  it("calls a pending message that was already tried 等待重试, not 等待发送", () => {
    expect(webhookDeliveryStateName({ status: "pending", attempts: 0 })).toBe("等待发送");
    expect(webhookDeliveryStateName({ status: "pending", attempts: 2 })).toBe("等待重试");
    expect(webhookDeliveryStateName({ status: "failed", attempts: 8 })).toBe("发送失败");
    expect(webhookDeliveryStateName({ status: "delivered", attempts: 1 })).toBe("已送达");
  });
});
