/** What reviewing responses (审核) answers with. Apart from reviews.ts: no zod here (see messages.ts). */
export const reviewMessages = {
  reviewConflict: "该答卷已被其他成员审核",
  reviewNotFound: "没有找到要审核的答卷，请刷新后重试",
  reviewReasonRequired: "请填写拒绝原因（最多200字）",
  reviewNotEnabled: "该问卷未开启提交后审核",
  reviewStateInvalid: "审核状态只能是待审核、已通过或未通过",
  reviewSelectionInvalid: "请选择要审核的答卷（一次最多500份）",
} as const;
