import type { AuditLog } from "../../../api/admin-site.ts";
import type { ScreenConfig } from "../screen-config.ts";

const entityNames: Record<string, string> = {
  news: "资讯",
  label: "资讯标签",
  helpCategory: "帮助分类",
  helpArticle: "帮助文章",
  banner: "轮播图",
  menu: "导航菜单",
  vipSet: "会员等级",
  friendLink: "友情链接",
  lead: "线索",
  settings: "站点设置",
  user: "用户",
  questionnaire: "问卷",
  order: "订单",
  withdrawal: "提现",
  invoice: "发票",
  space: "互填",
  sampleOrder: "样本订单",
  dataKeys: "数据密钥",
};

const actionNames: Record<string, string> = {
  create: "新建",
  update: "修改",
  delete: "删除",
  review: "审核",
  handle: "处理",
  save: "保存",
  resetPassword: "重置密码",
  takeDown: "下架",
  restore: "恢复",
  confirmTransfer: "确认收款",
  refund: "退款",
  grantLevel: "开通会员",
  approveWithdrawal: "确认打款",
  rejectWithdrawal: "驳回提现",
  issueInvoice: "开具发票",
  updateProgress: "更新进度",
  cancel: "取消",
  rotateKeys: "轮换密钥",
};

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
