import type { FastifyInstance } from "fastify";
import { responseCapNotices } from "../../commands/money/entitlements.ts";
import { assertQuestionnaireQuota } from "../../commands/money/membership.ts";
import { createQuestionnaire, saveDraft } from "../../commands/questionnaires/drafts.ts";
import {
  convertToCollect,
  copyQuestionnaire,
  destroyQuestionnaire,
  moveToRecycleBin,
  publishQuestionnaire,
  readQuestionnaireSettings,
  readRetention,
  recoverFromRecycleBin,
  starQuestionnaire,
  stopQuestionnaire,
  updateQuestionnaireSettings,
} from "../../commands/questionnaires/lifecycle.ts";
import { listQuestionnaires } from "../../commands/questionnaires/lists.ts";
import { loadQuestionnaireWithRole } from "../../commands/questionnaires/store.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { presentQuestionnaireDetail, presentQuestionnaireSummary } from "../../presenters/questionnaire.ts";
import { questionaryBookingRoutes } from "./bookings.ts";
import { questionaryFormOrderRoutes } from "./form-orders.ts";
import { questionaryImportRoutes } from "./import.ts";
import {
  addInput,
  idInput,
  listInput,
  recycleListInput,
  saveInput,
  settingsInput,
  starInput,
} from "./schema.ts";

/** Whole definitions travel in these calls; 500 questions with options fit well within this. */
const DEFINITION_BODY_LIMIT = 8 * 1024 * 1024;

/** The creator area: `/wjgj/api/questionary/*`. Every call checks the questionnaire's policy. */
export function questionaryRoutes(app: FastifyInstance, ctx: AppContext): void {
  questionaryImportRoutes(app, ctx);
  questionaryBookingRoutes(app, ctx);
  questionaryFormOrderRoutes(app, ctx);
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/addQuestionary",
    access: "account:use",
    input: addInput,
    bodyLimit: DEFINITION_BODY_LIMIT,
    handler: async ({ viewer, input }) => {
      await assertQuestionnaireQuota(ctx.db, viewer.user, ctx.clock.now());
      return presentQuestionnaireDetail(await createQuestionnaire(ctx, viewer, input), "owner");
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getQuestionaryList",
    access: "account:use",
    input: listInput,
    handler: async ({ viewer, input }) => {
      const page = await listQuestionnaires(ctx, viewer, input, "active");
      const notices = await responseCapNotices(ctx.db, page.list, ctx.clock.now());
      return {
        ...page,
        list: page.list.map((row) => {
          const planNotice = notices.get(row.id);
          return { ...presentQuestionnaireSummary(row), ...(planNotice ? { planNotice } : {}) };
        }),
      };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getHSZQuestionaryList",
    access: "account:use",
    input: recycleListInput,
    handler: async ({ viewer, input }) => {
      const page = await listQuestionnaires(ctx, viewer, input, "recycled");
      return { ...page, list: page.list.map(presentQuestionnaireSummary) };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getQuestionaryDetail",
    access: "account:use",
    input: idInput,
    handler: async ({ viewer, input }) => {
      const { row, role } = await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "read");
      return presentQuestionnaireDetail(row, role);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/saveQuestionary",
    access: "account:use",
    input: saveInput,
    bodyLimit: DEFINITION_BODY_LIMIT,
    handler: ({ viewer, input }) => saveDraft(ctx, viewer, input),
  });

  const summaryCalls = [
    ["questionary/copyQuestionary", copyQuestionnaire],
    ["questionary/releaseQuestionary", publishQuestionnaire],
    ["questionary/stopQuestionary", stopQuestionnaire],
    ["questionary/questionaryToCollect", convertToCollect],
  ] as const;
  for (const [path, command] of summaryCalls) {
    defineRoute(app, ctx, {
      method: "POST",
      path,
      access: "account:use",
      input: idInput,
      handler: async ({ viewer, input }) => {
        // A copy is one more questionnaire: the membership's count applies (issue #16).
        if (command === copyQuestionnaire)
          await assertQuestionnaireQuota(ctx.db, viewer.user, ctx.clock.now());
        return presentQuestionnaireSummary(await command(ctx, viewer, input.id));
      },
    });
  }

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/starQuestionary",
    access: "account:use",
    input: starInput,
    handler: async ({ viewer, input }) =>
      presentQuestionnaireSummary(await starQuestionnaire(ctx, viewer, input.id, input.starred)),
  });

  const binCalls = [
    ["questionary/delQuestionary", moveToRecycleBin],
    ["questionary/recoverQuestionary", recoverFromRecycleBin],
    ["questionary/thoroughDelQuestionary", destroyQuestionnaire],
  ] as const;
  for (const [path, command] of binCalls) {
    defineRoute(app, ctx, {
      method: "POST",
      path,
      access: "account:use",
      input: idInput,
      handler: async ({ viewer, input }) => {
        await command(ctx, viewer, input.id);
        return null;
      },
    });
  }

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getQuestionarySet",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => readQuestionnaireSettings(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getRetention",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input }) => readRetention(ctx, viewer, input.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/updateQuestionarySet",
    access: "account:use",
    input: settingsInput,
    handler: ({ viewer, input }) =>
      updateQuestionnaireSettings(ctx, viewer, input.id, input.settings, input.base),
  });
}
