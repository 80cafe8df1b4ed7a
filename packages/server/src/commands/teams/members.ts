import {
  allowedActions,
  type MemberRole,
  maskPhone,
  type QueationaryTeamDetail,
  type TeamMember,
  type TeamRole,
  type TeamUserBrief,
  type TeamUserList,
  teamRoleNames,
} from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, toCount, transaction } from "../../db/index.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnQuestionnaire } from "../../policies/index.ts";
import { loadQuestionnaireWithRole } from "../questionnaires/store.ts";
import { recordActivity } from "./activity.ts";
import { listPendingInvites } from "./invites.ts";

export function briefOf(user: Pick<UserRow, "id" | "nickName" | "phone">): TeamUserBrief {
  return { userId: user.id, nickName: user.nickName, phone: maskPhone(user.phone ?? "") };
}

async function userBrief(db: Db, userId: number): Promise<TeamUserBrief> {
  const user = await db
    .selectFrom("users")
    .select(["id", "nickName", "phone"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return briefOf(user);
}

/** getTeamUserList: the owner first, then members by joining time; invitations for those who manage. */
export async function teamUserList(ctx: AppContext, viewer: Viewer, id: number): Promise<TeamUserList> {
  const { row, role } = await loadQuestionnaireWithRole(ctx.db, viewer, id, "team", "any");
  const owner = await ctx.db
    .selectFrom("users")
    .select(["id", "nickName", "phone"])
    .where("id", "=", row.ownerId)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.userId")
    .select([
      "users.id",
      "users.nickName",
      "users.phone",
      "team_members.role",
      "team_members.hidePersonal",
      "team_members.createdAt",
    ])
    .where("team_members.questionnaireId", "=", id)
    .orderBy("team_members.id", "asc")
    .execute();
  const members: TeamMember[] = [
    {
      ...briefOf(owner),
      role: "owner",
      roleName: teamRoleNames.owner,
      hidePersonal: false,
      joinedAt: chinaDateTime(row.createdAt),
    },
    ...rows.map((member) => ({
      ...briefOf(member),
      role: member.role,
      roleName: teamRoleNames[member.role],
      hidePersonal: member.hidePersonal === 1,
      joinedAt: chinaDateTime(member.createdAt),
    })),
  ];
  const subject = { ownerId: row.ownerId, memberRole: role === "owner" ? null : role };
  const invites = allowOnQuestionnaire(viewer, "manageTeam", subject)
    ? await listPendingInvites(ctx, id)
    : [];
  return { myRole: role, members, invites };
}

/** getQueationaryTeamDetail: the project as the viewer's role sees it and what that role may do. */
export async function teamDetail(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<QueationaryTeamDetail> {
  const { row, role } = await loadQuestionnaireWithRole(ctx.db, viewer, id, "team", "any");
  const count = await ctx.db
    .selectFrom("team_members")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", id)
    .executeTakeFirst();
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    owner: await userBrief(ctx.db, row.ownerId),
    myRole: role,
    myRoleName: teamRoleNames[role],
    permissions: allowedActions(role),
    memberCount: toCount(count) + 1,
  };
}

async function memberOrThrow(db: Db, questionnaireId: number, userId: number) {
  const member = await db
    .selectFrom("team_members")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!member) throw new NotFoundError("teamMemberNotFound");
  return member;
}

/** The owner's role cannot change here (transfer moves it); admins and the owner change the others'. */
export async function changeMemberRole(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; userId: number; role: MemberRole; hidePersonal?: boolean | undefined },
): Promise<void> {
  const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "manageTeam", "any");
  if (input.userId === row.ownerId) throw new ConflictError("teamOwnerFixed");
  const member = await memberOrThrow(ctx.db, input.id, input.userId);
  // Read before the transaction: on SQLite its one connection is busy until the commit.
  const hidePersonal = input.hidePersonal === undefined ? member.hidePersonal : input.hidePersonal ? 1 : 0;
  const privacy =
    hidePersonal === member.hidePersonal ? "" : hidePersonal ? "（隐藏个人信息）" : "（可看个人信息）";
  const detail = `${await nameOf(ctx.db, input.userId)}：${teamRoleNames[member.role]} → ${teamRoleNames[input.role]}${privacy}`;
  await transaction(ctx.db, async (trx) => {
    await trx
      .updateTable("team_members")
      .set({ role: input.role, hidePersonal })
      .where("id", "=", member.id)
      .execute();
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: input.id,
      actorId: viewer.user.id,
      action: "changeRole",
      detail,
    });
  });
}

async function nameOf(db: Db, userId: number): Promise<string> {
  return (await userBrief(db, userId)).nickName;
}

export async function removeMember(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; userId: number },
): Promise<void> {
  const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "manageTeam", "any");
  if (input.userId === row.ownerId) throw new ConflictError("teamOwnerFixed");
  const member = await memberOrThrow(ctx.db, input.id, input.userId);
  const detail = await nameOf(ctx.db, input.userId);
  await transaction(ctx.db, async (trx) => {
    await trx.deleteFrom("team_members").where("id", "=", member.id).execute();
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: input.id,
      actorId: viewer.user.id,
      action: "removeMember",
      detail,
    });
  });
}

/** A member leaves on their own; the owner cannot (transfer first). */
export async function leaveTeam(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await loadQuestionnaireWithRole(ctx.db, viewer, id, "leave", "any");
  await transaction(ctx.db, async (trx) => {
    await trx
      .deleteFrom("team_members")
      .where("questionnaireId", "=", id)
      .where("userId", "=", viewer.user.id)
      .execute();
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: id,
      actorId: viewer.user.id,
      action: "leave",
    });
  });
}

/** The owner hands the questionnaire to a member and stays on as its 管理员. */
export async function transferOwnership(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; userId: number },
): Promise<void> {
  await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "transfer", "any");
  const member = await ctx.db
    .selectFrom("team_members")
    .selectAll()
    .where("questionnaireId", "=", input.id)
    .where("userId", "=", input.userId)
    .executeTakeFirst();
  if (!member) throw new ConflictError("teamTransferTargetInvalid");
  const now = ctx.clock.now();
  const detail = await nameOf(ctx.db, input.userId);
  await transaction(ctx.db, async (trx) => {
    await trx.deleteFrom("team_members").where("id", "=", member.id).execute();
    await trx
      .updateTable("questionnaires")
      // The star was the old owner's mark in their list, not the new owner's.
      .set({ ownerId: input.userId, starredAt: null })
      .where("id", "=", input.id)
      .execute();
    await trx
      .insertInto("team_members")
      .values({
        questionnaireId: input.id,
        userId: viewer.user.id,
        role: "admin",
        invitedBy: input.userId,
        createdAt: iso(now),
      })
      .execute();
    await recordActivity(trx, now, {
      questionnaireId: input.id,
      actorId: viewer.user.id,
      action: "transfer",
      detail,
    });
  });
}

export function roleName(role: TeamRole): string {
  return teamRoleNames[role];
}
