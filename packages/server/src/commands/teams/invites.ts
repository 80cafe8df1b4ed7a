import { randomBytes } from "node:crypto";
import {
  type InviteState,
  type MemberRole,
  maskPhone,
  messages,
  type TeamInvite,
  type TeamInviteInfo,
  type TeamUserBrief,
  teamRoleNames,
} from "@wjgj/core";
import { addSeconds, chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, isSqlite, type Trx, toCount, transaction } from "../../db/index.ts";
import type { TeamInviteRow } from "../../db/tables/teams.ts";
import { ConflictError, NotFoundError, TooManyRequestsError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { ownerEntitlements } from "../money/entitlements.ts";
import { EntitlementError } from "../money/membership.ts";
import { loadQuestionnaire, memberRoleOf } from "../questionnaires/store.ts";
import { recordActivity } from "./activity.ts";
import { notify } from "./notices.ts";

/**
 * 团队成员 is sold per level (core's entitlement table): a questionnaire's team holds at most its owner's
 * number of members besides the owner (-1: no limit). Checked when inviting (so the owner learns before
 * sending) and again when an invitation is accepted, in the accepting transaction.
 */
async function assertTeamRoom(db: Db | Trx, questionnaireId: number, ownerId: number, now: Date) {
  const { teamMembers } = await ownerEntitlements(db, ownerId, now);
  if (teamMembers < 0) return;
  const members = await db
    .selectFrom("team_members")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst()
    .then(toCount);
  if (members >= teamMembers)
    throw new EntitlementError(messages.entitlementTeamMembers.replace("{limit}", String(teamMembers)));
}

/** Phone look-ups one account may make in the window: enough to invite a team, too few to sweep numbers. */
export const phoneSearchLimits = { perUser: 20, windowSeconds: 600 } as const;

/**
 * searchUserByPhone: one exact, complete number (the schema refuses partial ones) and only the masked phone
 * and the nickname back. Every look-up counts against the caller (in login_attempts, subject `t:{user id}`),
 * found or not, so numbers cannot be swept.
 */
export async function searchUserByPhone(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; phone: string },
  ip: string,
): Promise<TeamUserBrief> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "manageTeam", "any");
  const now = ctx.clock.now();
  const subject = `t:${viewer.user.id}`;
  const recent = await ctx.db
    .selectFrom("login_attempts")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("phone", "=", subject)
    .where("createdAt", ">", iso(addSeconds(now, -phoneSearchLimits.windowSeconds)))
    .executeTakeFirst();
  if (toCount(recent) >= phoneSearchLimits.perUser) throw new TooManyRequestsError("teamSearchThrottled");
  await ctx.db
    .insertInto("login_attempts")
    .values({ phone: subject, ip: ip.slice(0, 64), success: 0, createdAt: iso(now) })
    .execute();
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "nickName", "phone"])
    .where("phone", "=", input.phone)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!user) throw new NotFoundError("teamUserNotFound");
  return { userId: user.id, nickName: user.nickName, phone: maskPhone(user.phone ?? "") };
}

export interface NewInvite {
  id: number;
  kind: "phone" | "link";
  role: MemberRole;
  phone?: string | undefined;
  expireDays: number;
  maxUses: number;
}

/** addTeamUser: an invitation by phone (for that one account) or by link, with its role, expiry and uses. */
export async function createInvite(ctx: AppContext, viewer: Viewer, input: NewInvite): Promise<TeamInvite> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "manageTeam", "any");
  let inviteeId: number | null = null;
  if (input.kind === "phone") {
    const user = await ctx.db
      .selectFrom("users")
      .select(["id"])
      .where("phone", "=", input.phone ?? "")
      .where("status", "=", "active")
      .executeTakeFirst();
    if (!user) throw new NotFoundError("teamUserNotFound");
    if (user.id === viewer.user.id) throw new ConflictError("teamInviteSelf");
    if (user.id === row.ownerId || (await memberRoleOf(ctx.db, row.id, user.id)))
      throw new ConflictError("teamAlreadyMember");
    inviteeId = user.id;
  }
  const now = ctx.clock.now();
  await assertTeamRoom(ctx.db, row.id, row.ownerId, now);
  const code = randomBytes(18).toString("base64url");
  const created = await transaction(ctx.db, async (trx) => {
    const inserted = await trx
      .insertInto("team_invites")
      .values({
        questionnaireId: row.id,
        code,
        kind: input.kind,
        role: input.role,
        inviteeId,
        createdBy: viewer.user.id,
        expiresAt: iso(addSeconds(now, input.expireDays * 86_400)),
        maxUses: input.kind === "phone" ? 1 : input.maxUses,
        revokedAt: null,
        createdAt: iso(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, now, {
      questionnaireId: row.id,
      actorId: viewer.user.id,
      action: "invite",
      detail: `${input.kind === "phone" ? `手机号 ${maskPhone(input.phone ?? "")}` : "邀请链接"}（${teamRoleNames[input.role]}）`,
    });
    // A phone invitation names an existing account: its bell tells them, and opens the invitation.
    if (inviteeId !== null)
      await notify(trx, now, {
        userId: inviteeId,
        kind: "teamInvite",
        title: "团队邀请",
        content: `${viewer.user.nickName || "一位用户"}邀请您以“${teamRoleNames[input.role]}”身份加入问卷“${row.title}”`,
        link: `/accept?code=${code}`,
      });
    return inserted.id;
  });
  const [invite] = await presentInvites(ctx.db, [await inviteById(ctx.db, created)]);
  return invite as TeamInvite;
}

async function inviteById(db: Db | Trx, id: number): Promise<TeamInviteRow> {
  return db.selectFrom("team_invites").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function presentInvites(db: Db, rows: TeamInviteRow[]): Promise<TeamInvite[]> {
  const ids = rows.map((row) => row.inviteeId).filter((id): id is number => id !== null);
  const users = ids.length
    ? await db.selectFrom("users").select(["id", "nickName", "phone"]).where("id", "in", ids).execute()
    : [];
  const byId = new Map(users.map((user) => [user.id, user]));
  return rows.map((row) => {
    const invitee = row.inviteeId === null ? undefined : byId.get(row.inviteeId);
    return {
      id: row.id,
      kind: row.kind,
      code: row.code,
      role: row.role,
      roleName: teamRoleNames[row.role],
      invitee: invitee
        ? { userId: invitee.id, nickName: invitee.nickName, phone: maskPhone(invitee.phone ?? "") }
        : null,
      expiresAt: chinaDateTime(row.expiresAt),
      maxUses: row.maxUses,
      uses: row.uses,
      createdAt: chinaDateTime(row.createdAt),
    };
  });
}

/** Invitations still usable: not revoked, not expired, not used up. */
export async function listPendingInvites(ctx: AppContext, questionnaireId: number): Promise<TeamInvite[]> {
  const rows = await ctx.db
    .selectFrom("team_invites")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", iso(ctx.clock.now()))
    .whereRef("uses", "<", "maxUses")
    .orderBy("id", "desc")
    .execute();
  return presentInvites(ctx.db, rows);
}

/** stopTeamUserUrl: the invitation stops working at once. */
export async function revokeInvite(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; inviteId: number },
): Promise<void> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "manageTeam", "any");
  const invite = await ctx.db
    .selectFrom("team_invites")
    .selectAll()
    .where("id", "=", input.inviteId)
    .where("questionnaireId", "=", input.id)
    .executeTakeFirst();
  if (!invite) throw new NotFoundError("teamInviteNotFound");
  if (invite.revokedAt) return;
  const now = ctx.clock.now();
  await transaction(ctx.db, async (trx) => {
    await trx
      .updateTable("team_invites")
      .set({ revokedAt: iso(now) })
      .where("id", "=", invite.id)
      .execute();
    await recordActivity(trx, now, {
      questionnaireId: input.id,
      actorId: viewer.user.id,
      action: "revokeInvite",
      detail: teamRoleNames[invite.role],
    });
  });
}

async function inviteByCode(db: Db | Trx, code: string): Promise<TeamInviteRow> {
  const invite = await db.selectFrom("team_invites").selectAll().where("code", "=", code).executeTakeFirst();
  if (!invite) throw new NotFoundError("teamInviteNotFound");
  return invite;
}

async function stateOf(
  db: Db | Trx,
  invite: TeamInviteRow,
  ownerId: number,
  viewer: Viewer | null,
  now: Date,
): Promise<InviteState> {
  if (invite.revokedAt) return "revoked";
  if (invite.expiresAt <= iso(now)) return "expired";
  if (viewer) {
    if (viewer.user.id === ownerId || (await memberRoleOf(db, invite.questionnaireId, viewer.user.id)))
      return "member";
    if (invite.inviteeId !== null && invite.inviteeId !== viewer.user.id) return "notForYou";
  }
  if (invite.uses >= invite.maxUses) return "usedUp";
  return "ok";
}

/** agreeTeamInfo: what the invitee sees at /accept, with or without a login. */
export async function inviteInfo(
  ctx: AppContext,
  viewer: Viewer | null,
  code: string,
): Promise<TeamInviteInfo> {
  const invite = await inviteByCode(ctx.db, code);
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "title", "ownerId", "deletedAt"])
    .where("id", "=", invite.questionnaireId)
    .executeTakeFirstOrThrow();
  const inviter = await ctx.db
    .selectFrom("users")
    .select("nickName")
    .where("id", "=", invite.createdBy)
    .executeTakeFirst();
  return {
    state: await stateOf(ctx.db, invite, questionnaire.ownerId, viewer, ctx.clock.now()),
    questionnaire: { id: questionnaire.id, title: questionnaire.title },
    inviter: { nickName: inviter?.nickName ?? "" },
    role: invite.role,
    roleName: teamRoleNames[invite.role],
    expiresAt: chinaDateTime(invite.expiresAt),
    needLogin: viewer === null,
  };
}

const refusals = {
  expired: "teamInviteExpired",
  revoked: "teamInviteRevoked",
  usedUp: "teamInviteUsedUp",
  member: "teamAlreadyMember",
  notForYou: "teamInviteNotForYou",
} as const;

/**
 * agreeTeam: the viewer joins with the invitation's role. The use is counted by a guarded update
 * (`uses < max_uses`), so two invitees racing for the last use cannot both get in.
 */
export async function acceptInvite(
  ctx: AppContext,
  viewer: Viewer,
  code: string,
): Promise<{ questionnaireId: number; role: MemberRole; roleName: string }> {
  const now = ctx.clock.now();
  const invite = await inviteByCode(ctx.db, code);
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["ownerId", "title"])
    .where("id", "=", invite.questionnaireId)
    .executeTakeFirstOrThrow();
  const state = await stateOf(ctx.db, invite, questionnaire.ownerId, viewer, now);
  if (state !== "ok") throw new ConflictError(refusals[state]);
  await transaction(ctx.db, async (trx) => {
    // Holds the questionnaire's row so that two invitations accepted at once cannot both take the last place.
    if (!isSqlite(trx))
      await trx
        .selectFrom("questionnaires")
        .select("id")
        .where("id", "=", invite.questionnaireId)
        .forUpdate()
        .execute();
    await assertTeamRoom(trx, invite.questionnaireId, questionnaire.ownerId, now);
    const counted = await trx
      .updateTable("team_invites")
      .set((eb) => ({ uses: eb("uses", "+", 1) }))
      .where("id", "=", invite.id)
      .whereRef("uses", "<", "maxUses")
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) !== 1) throw new ConflictError("teamInviteUsedUp");
    const inserted = await trx
      .insertInto("team_members")
      .values({
        questionnaireId: invite.questionnaireId,
        userId: viewer.user.id,
        role: invite.role,
        invitedBy: invite.createdBy,
        createdAt: iso(now),
      })
      .onConflict((oc) => oc.columns(["questionnaireId", "userId"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new ConflictError("teamAlreadyMember");
    await recordActivity(trx, now, {
      questionnaireId: invite.questionnaireId,
      actorId: viewer.user.id,
      action: "join",
      detail: teamRoleNames[invite.role],
    });
    // The inviter learns that someone joined.
    await notify(trx, now, {
      userId: invite.createdBy,
      kind: "teamJoined",
      title: "成员已加入",
      content: `${viewer.user.nickName || "一位用户"}已接受邀请，以“${teamRoleNames[invite.role]}”身份加入问卷“${questionnaire.title}”`,
      link: `/dc/dcDesign?id=${invite.questionnaireId}`,
    });
  });
  return { questionnaireId: invite.questionnaireId, role: invite.role, roleName: teamRoleNames[invite.role] };
}
