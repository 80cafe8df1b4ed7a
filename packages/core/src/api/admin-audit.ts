/**
 * 操作日志 (the admin console's audit log): what it calls the things an admin changes — each key is also the
 * `admin/<entity>/…` URL segment — and what was done, with the words the console shows for each. Typed
 * records, so a new entity or action cannot reach the log without its Chinese name.
 */
export const auditEntityNames = {
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
  template: "模板",
  profession: "模板行业",
  hd: "活动专题",
  order: "订单",
  withdrawal: "提现",
  invoice: "发票",
  space: "互填",
  sampleOrder: "样本订单",
  dataKeys: "数据密钥",
} as const;
export type AuditEntity = keyof typeof auditEntityNames;
export const auditEntities = Object.keys(auditEntityNames) as [AuditEntity, ...AuditEntity[]];

export const auditActionNames = {
  create: "新建",
  update: "修改",
  delete: "删除",
  review: "审核",
  handle: "处理",
  save: "保存",
  resetPassword: "重置密码",
  takeDown: "下架",
  restore: "恢复",
  feature: "推荐到首页",
  confirmTransfer: "确认收款",
  refund: "退款",
  grantLevel: "开通会员",
  approveWithdrawal: "确认打款",
  rejectWithdrawal: "驳回提现",
  issueInvoice: "开具发票",
  updateProgress: "更新进度",
  cancel: "取消",
  rotateKeys: "轮换密钥",
} as const;
export type AuditAction = keyof typeof auditActionNames;
