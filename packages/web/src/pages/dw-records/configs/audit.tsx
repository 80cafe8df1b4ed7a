import { auditActionNames, auditEntityNames } from "@wjgj/core";
import type { AuditLog } from "../../../api/admin-site.ts";
import type { ScreenConfig } from "../screen-config.ts";

const entityNames: Record<string, string> = auditEntityNames;
const actionNames: Record<string, string> = auditActionNames;

function Snapshot({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="wj-audit__side">
      <div className="wj-audit__title">{title}</div>
      <pre className="wj-audit__json">
        {value === null || value === undefined ? "（无）" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

export const auditScreen: ScreenConfig<AuditLog> = {
  title: "操作日志",
  testId: "admin-audit",
  listPath: "admin/audit/list",
  unit: "条记录",
  filters: [
    {
      name: "entity",
      label: "对象类型",
      kind: "select",
      options: Object.entries(entityNames).map(([value, label]) => ({ value, label })),
    },
  ],
  columns: [
    { key: "createdAt", title: "时间", render: (row) => row.createdAt },
    { key: "admin", title: "管理员", render: (row) => row.adminName },
    { key: "action", title: "操作", render: (row) => actionNames[row.action] ?? row.action },
    { key: "entity", title: "对象", render: (row) => entityNames[row.entity] ?? row.entity },
    { key: "entityId", title: "编号", render: (row) => row.entityId },
  ],
  // Before and after side by side: what the change was, not only that there was one.
  expand: (row) => (
    <div className="wj-audit" data-testid="audit-detail">
      <Snapshot title="修改前" value={row.before} />
      <Snapshot title="修改后" value={row.after} />
    </div>
  ),
};
