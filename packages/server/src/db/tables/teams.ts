import type { TeamRole } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

/** A member of a questionnaire's team (the owner is not a row: it is the questionnaire's ownerId). */
export interface TeamMembersTable {
  id: Generated<number>;
  questionnaireId: number;
  userId: number;
  role: Exclude<TeamRole, "owner">;
  invitedBy: number | null;
  /** 1: results, details and exports hide personal data from this member (meant for 数据查看). */
  hidePersonal: Generated<number>;
  createdAt: string;
}

/** An invitation: by phone (one named invitee) or by link (whoever holds it), until expiry, max uses or revoke. */
export interface TeamInvitesTable {
  id: Generated<number>;
  questionnaireId: number;
  code: string;
  kind: "phone" | "link";
  role: Exclude<TeamRole, "owner">;
  inviteeId: number | null;
  createdBy: number;
  expiresAt: string;
  maxUses: number;
  uses: Generated<number>;
  revokedAt: string | null;
  createdAt: string;
}

/** What happened to a questionnaire and who did it: the owner's and admins' 动态. */
export interface TeamActivityTable {
  id: Generated<number>;
  questionnaireId: number;
  actorId: number;
  action: string;
  detail: Generated<string>;
  createdAt: string;
}

export type TeamMemberRow = Selectable<TeamMembersTable>;
export type TeamInviteRow = Selectable<TeamInvitesTable>;
