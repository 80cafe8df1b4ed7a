import type { QuestionarySummary } from "./questionary.ts";
import type { MemberRole, QuestionnaireAction, TeamRole } from "./roles.ts";

/**
 * Teams (团队协作): members of a shared questionnaire, invitations and the /accept screen. The shapes shared
 * by the server's presenters and the browser's API client; the roles and what each may do are in roles.ts.
 */
/** Why an invitation cannot be accepted; each has its own page at /accept. */
export const inviteStates = ["ok", "expired", "revoked", "usedUp", "member", "notForYou"] as const;
export type InviteState = (typeof inviteStates)[number];

export interface TeamUserBrief {
  userId: number;
  nickName: string;
  /** Masked: 138****0000. */
  phone: string;
}

/** agreeTeamInfo: what /accept shows before the invitee agrees. */
export interface TeamInviteInfo {
  state: InviteState;
  questionnaire: { id: number; title: string };
  inviter: { nickName: string };
  role: MemberRole;
  roleName: string;
  expiresAt: string;
  /** Whether a login is needed before agreeing (the caller came without a token). */
  needLogin: boolean;
}

export interface TeamMember extends TeamUserBrief {
  role: TeamRole;
  roleName: string;
  /** Results, response details and exports hide personal data (IP, identifying answers) from them. */
  hidePersonal: boolean;
  joinedAt: string;
}

export interface TeamInvite {
  id: number;
  kind: "phone" | "link";
  code: string;
  role: MemberRole;
  roleName: string;
  invitee: TeamUserBrief | null;
  expiresAt: string;
  maxUses: number;
  uses: number;
  createdAt: string;
}

/** getTeamUserList: the owner, the members and (for those who manage the team) pending invitations. */
export interface TeamUserList {
  myRole: TeamRole;
  members: TeamMember[];
  invites: TeamInvite[];
}

/** getQueationaryTeamDetail: the questionnaire as the viewer's role sees it, with what that role may do. */
export interface QueationaryTeamDetail {
  id: number;
  title: string;
  status: string;
  owner: TeamUserBrief;
  myRole: TeamRole;
  myRoleName: string;
  permissions: QuestionnaireAction[];
  memberCount: number;
}

export interface TeamActivityItem {
  id: number;
  actor: { userId: number; nickName: string };
  action: string;
  actionName: string;
  detail: string;
  createdAt: string;
}

export const teamActivityNames: Record<string, string> = {
  invite: "发出邀请",
  revokeInvite: "撤销邀请",
  join: "加入团队",
  changeRole: "修改角色",
  removeMember: "移除成员",
  leave: "退出团队",
  transfer: "转让所有权",
  edit: "编辑问卷",
  publish: "发布问卷",
  stop: "停止问卷",
  export: "导出数据",
  deleteResponses: "删除答卷",
  revealPersonal: "查看完整个人信息",
  exportFullPersonal: "导出完整个人信息",
  handleErasure: "处理答卷删除申请",
  retention: "按保留期限处理答卷",
  review: "审核答卷",
};

/** Phone numbers shown to teammates: the first three and last four digits. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : "";
}

/** A card of 共享给我的: the questionnaire's summary with the viewer's role and what it allows. */
export interface SharedQuestionarySummary extends QuestionarySummary {
  role: TeamRole;
  roleName: string;
  ownerName: string;
  permissions: QuestionnaireAction[];
}

/**
 * A notification in the console header's bell: an invitation, that someone accepted one, or that a 数据推送
 * (webhook) was stopped after failing for a day.
 */
export interface TeamNotice {
  id: number;
  kind: "teamInvite" | "teamJoined" | "webhookDisabled";
  title: string;
  content: string;
  /** A path on this site it opens; "" for none. */
  link: string;
  read: boolean;
  createdAt: string;
}

/** getTeamNoticeList: a page of the viewer's notifications, newest first, with the unread count. */
export interface TeamNoticePage {
  list: TeamNotice[];
  total: number;
  unread: number;
  pageNum: number;
  pageSize: number;
}

/** designerHeartbeat: the others who have the questionnaire open in the designer right now. */
export interface DesignerPresence {
  userId: number;
  nickName: string;
  avatar: string;
}
