import { allowedActions, type SharedQuestionarySummary, teamRoleNames } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { listSharedQuestionnaires } from "../../commands/questionnaires/lists.ts";
import { loadQuestionnaire } from "../../commands/questionnaires/store.ts";
import { listActivity } from "../../commands/teams/activity.ts";
import {
  acceptInvite,
  createInvite,
  inviteInfo,
  revokeInvite,
  searchUserByPhone,
} from "../../commands/teams/invites.ts";
import {
  changeMemberRole,
  leaveTeam,
  removeMember,
  teamDetail,
  teamUserList,
  transferOwnership,
} from "../../commands/teams/members.ts";
import { listNotices, markNoticesRead } from "../../commands/teams/notices.ts";
import { designerHeartbeat } from "../../commands/teams/presence.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { presentQuestionnaireSummary } from "../../presenters/questionnaire.ts";
import {
  activityInput,
  addInput,
  codeInput,
  memberInput,
  noticeListInput,
  readNoticeInput,
  roleInput,
  searchInput,
  sharedListInput,
  stopInput,
  teamIdInput,
} from "./schema.ts";

/**
 * Teams: `/wjgj/api/queationaryTeam/*` (the seed's spelling). Who may call which is decided by the role
 * table in policies through the commands' questionnaire load; agreeTeamInfo answers without a login so
 * /accept can show the invitation before asking the invitee to log in.
 */
export function queationaryTeamRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/getShareProjectTeamList",
    access: "account:use",
    input: sharedListInput,
    handler: async ({ viewer, input }) => {
      const page = await listSharedQuestionnaires(ctx, viewer, input);
      const list: SharedQuestionarySummary[] = page.list.map(({ row, role, ownerName }) => ({
        ...presentQuestionnaireSummary(row),
        role,
        roleName: teamRoleNames[role],
        ownerName,
        permissions: allowedActions(role),
      }));
      return { ...page, list };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/searchUserByPhone",
    access: "account:use",
    input: searchInput,
    handler: ({ viewer, input, ip }) => searchUserByPhone(ctx, viewer, input, ip),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/getTeamUserList",
    access: "account:use",
    input: teamIdInput,
    handler: ({ viewer, input }) => teamUserList(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/getQueationaryTeamDetail",
    access: "account:use",
    input: teamIdInput,
    handler: ({ viewer, input }) => teamDetail(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/addTeamUser",
    access: "account:use",
    input: addInput,
    handler: ({ viewer, input }) => createInvite(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/stopTeamUserUrl",
    access: "account:use",
    input: stopInput,
    successMessage: "teamInviteRevokedOk",
    handler: async ({ viewer, input }) => {
      await revokeInvite(ctx, viewer, input);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/agreeTeamInfo",
    access: "optional",
    input: codeInput,
    handler: ({ viewer, input }) => inviteInfo(ctx, viewer, input.code),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/agreeTeam",
    access: "account:use",
    input: codeInput,
    successMessage: "teamJoined",
    handler: ({ viewer, input }) => acceptInvite(ctx, viewer, input.code),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/updateTeamUserRole",
    access: "account:use",
    input: roleInput,
    handler: async ({ viewer, input }) => {
      await changeMemberRole(ctx, viewer, input);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/delTeamUser",
    access: "account:use",
    input: memberInput,
    handler: async ({ viewer, input }) => {
      await removeMember(ctx, viewer, input);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/quitTeam",
    access: "account:use",
    input: teamIdInput,
    handler: async ({ viewer, input }) => {
      await leaveTeam(ctx, viewer, input.id);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/transferOwner",
    access: "account:use",
    input: memberInput,
    handler: async ({ viewer, input }) => {
      await transferOwnership(ctx, viewer, input);
      return null;
    },
  });

  // Presence in the designer: the editors' 20-second heartbeat.
  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/designerHeartbeat",
    access: "account:use",
    input: teamIdInput,
    handler: ({ viewer, input }) => designerHeartbeat(ctx, viewer, input.id),
  });

  // The header's bell: the caller's own notifications (invitations, acceptances); no questionnaire named.
  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/getTeamNoticeList",
    access: "account:use",
    input: noticeListInput,
    handler: ({ viewer, input }) => listNotices(ctx.db, viewer.user.id, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/readTeamNotice",
    access: "account:use",
    input: readNoticeInput,
    handler: async ({ viewer, input }) => {
      await markNoticesRead(ctx.db, viewer.user.id, input.id, ctx.clock.now());
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "queationaryTeam/getTeamActivity",
    access: "account:use",
    input: activityInput,
    handler: async ({ viewer, input }) => {
      await loadQuestionnaire(ctx.db, viewer, input.id, "activity", "any");
      return listActivity(ctx.db, input.id, input);
    },
  });
}
