import type { TableColumnsType } from "antd";
import { useMemo } from "react";
import type { AdminUserRow } from "../../../api/admin.ts";
import { estimateTextWidth, fitColumnWidth } from "../../../lib/column-width.ts";
import { vipBadge } from "../../../lib/vip.ts";

const FONT = '14px -apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif';

let canvasContext: CanvasRenderingContext2D | null | undefined;

/** Text width as the browser draws it; the estimate where no canvas exists (tests). */
function measure(text: string): number {
  if (canvasContext === undefined) {
    try {
      canvasContext = document.createElement("canvas").getContext("2d");
    } catch {
      canvasContext = null;
    }
    if (canvasContext) canvasContext.font = FONT;
  }
  return canvasContext ? canvasContext.measureText(text).width : estimateTextWidth(text);
}

export const ROLE_LABELS: Record<AdminUserRow["role"], string> = { admin: "管理员", user: "普通用户" };
export const STATUS_LABELS: Record<AdminUserRow["status"], string> = { active: "正常", disabled: "已停用" };

interface ColumnSpec {
  key: keyof AdminUserRow;
  title: string;
  text: (row: AdminUserRow) => string;
}

const SPECS: readonly ColumnSpec[] = [
  { key: "phone", title: "手机号", text: (row) => row.phone || "—" },
  { key: "nickName", title: "昵称", text: (row) => row.nickName || "—" },
  { key: "vipLevel", title: "会员等级", text: (row) => vipBadge(row.vipLevel).label },
  { key: "vipStopTime", title: "会员到期时间", text: (row) => row.vipStopTime || "—" },
  { key: "role", title: "角色", text: (row) => ROLE_LABELS[row.role] ?? row.role },
  { key: "status", title: "状态", text: (row) => STATUS_LABELS[row.status] ?? row.status },
  { key: "isTemplate", title: "模板作者", text: (row) => (row.isTemplate === 1 ? "是" : "否") },
  { key: "createdAt", title: "注册时间", text: (row) => row.createdAt },
];

/** Columns sized to their content with the §9 auto-width rule. */
export function useUserColumns(rows: readonly AdminUserRow[]): TableColumnsType<AdminUserRow> {
  return useMemo(
    () =>
      SPECS.map((spec) => ({
        key: spec.key,
        dataIndex: spec.key,
        title: spec.title,
        width: fitColumnWidth([spec.title, ...rows.map(spec.text)], measure),
        ellipsis: true,
        render: (_value: unknown, row: AdminUserRow) => spec.text(row),
      })),
    [rows],
  );
}
