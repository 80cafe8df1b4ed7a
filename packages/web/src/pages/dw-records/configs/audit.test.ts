import { auditActionNames, auditEntities } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import type { AuditLog } from "../../../api/admin-site.ts";
import { auditScreen } from "./audit.tsx";

const column = (key: string) => {
  const found = auditScreen.columns.find((c) => c.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};

describe("操作日志", () => {
  it("names every entity and action the server logs in Chinese, never by its code", () => {
    for (const entity of auditEntities) {
      const shown = column("entity").render({ entity } as AuditLog);
      expect(shown, entity).toMatch(/^[\u4e00-\u9fff]+$/);
    }
    for (const action of Object.keys(auditActionNames)) {
      const shown = column("action").render({ action } as AuditLog);
      expect(shown, action).toMatch(/^[\u4e00-\u9fff]+$/);
    }
    // The rows the audit found shown as codes: template reviews, 推荐到首页, 活动专题, 模板行业.
    expect(column("entity").render({ entity: "template" } as AuditLog)).toBe("模板");
    expect(column("action").render({ action: "feature" } as AuditLog)).toBe("推荐到首页");
  });
});
