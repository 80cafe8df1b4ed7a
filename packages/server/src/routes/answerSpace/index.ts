import type { FastifyInstance } from "fastify";
import { listAdminSpacePosts } from "../../commands/answer-space/admin-posts.ts";
import { earnSpacePoints } from "../../commands/answer-space/earn.ts";
import {
  listMySpacePosts,
  setSpacePostPaused,
  withdrawSpacePost,
} from "../../commands/answer-space/my-posts.ts";
import {
  addSpacePost,
  checkUserSpace,
  listSpacePosts,
  removeSpacePost,
} from "../../commands/answer-space/posts.ts";
import { readSpaceSettings, saveSpaceSettings } from "../../commands/answer-space/rules.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { emptyInput } from "../navigation/schema.ts";
import {
  adminSpaceListInput,
  earnInput,
  mySpaceListInput,
  postInput,
  questionnaireIdInput,
  removeInput,
  spaceListInput,
  spaceSettingsInput,
} from "./schema.ts";

/** The answer space (互填): `/wjgj/api/answerSpace/*` (seed §7 names checkUserSpace, a GET). */
export function answerSpaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "answerSpace/checkUserSpace",
    access: "account:use",
    input: emptyInput,
    handler: ({ viewer }) => checkUserSpace(ctx, viewer),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answerSpace/addUserSpace",
    access: "account:use",
    input: postInput,
    handler: ({ viewer, input }) => addSpacePost(ctx, viewer, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answerSpace/delUserSpace",
    access: "account:use",
    input: questionnaireIdInput,
    handler: ({ viewer, input }) => withdrawSpacePost(ctx, viewer, input.id),
  });
  // 我的发布: the caller's posts with their points, and pausing one (hidden, no earnings, points kept frozen).
  defineRoute(app, ctx, {
    method: "GET",
    path: "answerSpace/getMySpaceList",
    access: "account:use",
    input: mySpaceListInput,
    handler: ({ viewer, input }) => listMySpacePosts(ctx.db, viewer, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answerSpace/pauseUserSpace",
    access: "account:use",
    input: questionnaireIdInput,
    handler: ({ viewer, input }) => setSpacePostPaused(ctx, viewer, input.id, true),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answerSpace/resumeUserSpace",
    access: "account:use",
    input: questionnaireIdInput,
    handler: ({ viewer, input }) => setSpacePostPaused(ctx, viewer, input.id, false),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "answerSpace/getSpacePoints",
    access: "account:use",
    input: earnInput,
    handler: ({ viewer, input }) => earnSpacePoints(ctx, viewer, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "answerSpace/getSpaceList",
    access: "public",
    input: spaceListInput,
    handler: ({ input }) => listSpacePosts(ctx.db, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/space/list",
    access: "admin:questionnaires",
    input: adminSpaceListInput,
    handler: ({ input }) => listAdminSpacePosts(ctx.db, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/space/takeDown",
    access: "admin:questionnaires",
    input: removeInput,
    handler: ({ viewer, input }) => removeSpacePost(ctx, viewer.user.id, input),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/space/getRules",
    access: "admin:settings",
    input: emptyInput,
    handler: () => readSpaceSettings(ctx.db),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/space/saveRules",
    access: "admin:settings",
    input: spaceSettingsInput,
    successMessage: "spaceSettingsSaved",
    handler: ({ viewer, input }) => saveSpaceSettings(ctx, viewer.user.id, input),
  });
}
