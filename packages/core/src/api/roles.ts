/**
 * Roles on a questionnaire and the one table of who may do what: the server's policies enforce it, the
 * pages read it (through the caller's `permissions` on the questionnaire) to show only what the caller can
 * do and say why the rest is unavailable.
 */
export const teamRoles = ["owner", "admin", "editor", "viewer"] as const;
export type TeamRole = (typeof teamRoles)[number];
/** The roles an invitation or a role change may give (ownership moves only by transfer). */
export const memberRoles = ["admin", "editor", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];

export const teamRoleNames: Record<TeamRole, string> = {
  owner: "所有者",
  admin: "管理员",
  editor: "编辑",
  viewer: "数据查看",
};

export const teamRoleDescriptions: Record<TeamRole, string> = {
  owner: "全部权限，可删除问卷、转让所有权",
  admin: "除删除问卷和转让所有权外的全部权限",
  editor: "设计、发布、停止问卷",
  viewer: "查看结果和导出数据（只读）",
};

/** What one may do on a questionnaire; the server's table decides which role may do which. */
export const questionnaireActions = [
  "read",
  "edit",
  "publish",
  "results",
  "manageResponses",
  "revealPersonal",
  "export",
  "delete",
  "team",
  "manageTeam",
  "transfer",
  "activity",
  "leave",
  "star",
] as const;
export type QuestionnaireAction = (typeof questionnaireActions)[number];

/**
 * The one table of who may do what on a questionnaire, by the viewer's role on it (deny by default: a role
 * missing from an action's list, a missing questionnaire or a non-member is refused). `export`: download its
 * responses; `results`: statistics and answers; `manageResponses`: delete, restore, mark and grade them;
 * `revealPersonal`: 查看完整信息, the masked personal answers of a response in full (each time logged);
 * `team`: see the members; `manageTeam`: invite, change roles, remove, see and stop invitations.
 * The server's matrix test (policies/matrix.test.ts) is generated from this table.
 */
export const questionnairePermissions = {
  read: ["owner", "admin", "editor", "viewer"],
  edit: ["owner", "admin", "editor"],
  publish: ["owner", "admin", "editor"],
  results: ["owner", "admin", "viewer"],
  manageResponses: ["owner", "admin"],
  revealPersonal: ["owner", "admin"],
  export: ["owner", "admin", "viewer"],
  delete: ["owner"],
  team: ["owner", "admin", "editor", "viewer"],
  manageTeam: ["owner", "admin"],
  transfer: ["owner"],
  activity: ["owner", "admin"],
  leave: ["admin", "editor", "viewer"],
  // 星标 marks it in its owner's own 我的问卷.
  star: ["owner"],
} as const satisfies Record<QuestionnaireAction, readonly TeamRole[]>;

/** What `role` may do on a questionnaire, in the table's order (nothing for a non-member). */
export function allowedActions(role: TeamRole | null): QuestionnaireAction[] {
  if (!role) return [];
  return questionnaireActions.filter((action) =>
    (questionnairePermissions[action] as readonly TeamRole[]).includes(role),
  );
}

/** What each action lets one do, as the reason a control is unavailable reads (「数据查看」成员不能…). */
const actionDoing: Record<QuestionnaireAction, string> = {
  read: "查看问卷",
  edit: "修改问卷",
  publish: "发布或停止问卷",
  results: "查看答卷和统计",
  manageResponses: "删除、标记或批改答卷",
  revealPersonal: "查看完整个人信息",
  export: "导出数据",
  delete: "删除问卷",
  team: "查看团队",
  manageTeam: "管理团队成员",
  transfer: "转让问卷",
  activity: "查看团队动态",
  leave: "退出团队",
  star: "设置星标",
};

/**
 * Why the caller cannot do `action` (shown on hover over a disabled control), or null when the role allows
 * it. Names the role, so a member knows whom to ask.
 */
export function deniedReason(role: TeamRole | null, action: QuestionnaireAction): string | null {
  if (role && allowedActions(role).includes(action)) return null;
  if (!role) return `您不是这个问卷的团队成员，不能${actionDoing[action]}`;
  if (role === "owner") return `问卷所有者不能${actionDoing[action]}`;
  return `「${teamRoleNames[role]}」成员不能${actionDoing[action]}，如需此权限请联系问卷所有者或管理员`;
}
