import { pipeline } from "node:stream/promises";
import {
  OPEN_API_PREFIX,
  personalQuestionIds,
  type QuestionnaireKind,
  type ResponseStatus,
  withoutKeys,
  withoutPersonalData,
} from "@wjgj/core";
import { iso } from "../clock.ts";
import { createExportJob, findExportJob, openExportDownload } from "../commands/exports/jobs.ts";
import { assertQuestionnaireQuota } from "../commands/money/membership.ts";
import { answersOpener } from "../commands/privacy/sealing.ts";
import { createQuestionnaire, hasUnpublishedChanges, saveDraft } from "../commands/questionnaires/drafts.ts";
import { publishQuestionnaire, stopQuestionnaire } from "../commands/questionnaires/lifecycle.ts";
import { loadQuestionnaireWithRole, readDefinition } from "../commands/questionnaires/store.ts";
import { answerTexts, maskedAnswers } from "../commands/results/answers.ts";
import { revisionDefinitions } from "../commands/results/record.ts";
import { resultsScope } from "../commands/results/scope.ts";
import { getQuestionStatistics } from "../commands/results/statistics.ts";
import type { AppContext } from "../context.ts";
import type { ExportJobRow } from "../db/tables/export-jobs.ts";
import { type QuestionnaireRow, responseCountColumn } from "../db/tables/questionnaires.ts";
import type { ResponseRow } from "../db/tables/responses.ts";
import { InvalidInputError, NotFoundError } from "../errors.ts";
import type { JobWorker } from "../jobs/worker.ts";
import { defineOpenRoute, type OpenApiScope } from "./define.ts";
import * as s from "./schemas.ts";

/** Opaque cursors: the last id of the page, so pages never skip or repeat when rows arrive meanwhile. */
export function encodeCursor(id: number): string {
  return Buffer.from(`c1:${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === "") return null;
  const match = /^c1:(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw InvalidInputError.field("cursor", "apiCursorInvalid");
  return Number(match[1]);
}

function presentQuestionnaire(row: QuestionnaireRow) {
  return {
    id: row.id,
    publicId: row.publicId,
    kind: row.kind as QuestionnaireKind,
    title: row.title,
    status: row.status,
    responseCount: row.responseCount,
    questionCount: row.questionCount,
    version: row.version,
    hasUnpublishedChanges: hasUnpublishedChanges(row),
    answerUrl: `/r/${row.publicId}`,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

function presentExport(row: ExportJobRow) {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    rows: row.rows,
    fileName: row.fileName,
    fileSize: row.fileSize,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    downloadUrl:
      row.status === "done"
        ? `${OPEN_API_PREFIX}/questionnaires/${row.questionnaireId}/exports/${row.id}/file`
        : null,
  };
}

/** The open API v1: questionnaires, responses (with incremental pulls), statistics and exports. */
export function openApiRoutes(scope: OpenApiScope, worker: JobWorker): void {
  const { ctx } = scope;

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires",
    scope: "questionnaires:read",
    tag: "问卷",
    summary: "列出问卷",
    description: "密钥所属账号创建的问卷（不含回收站），按 id 从新到旧。",
    query: s.questionnaireListQuery,
    response: s.questionnairePageSchema,
    handler: async ({ query, viewer }) => {
      const after = decodeCursor(query.cursor);
      const rows = await ctx.db
        .selectFrom("questionnaires")
        .selectAll()
        .select(responseCountColumn)
        .where("ownerId", "=", viewer.user.id)
        .where("deletedAt", "is", null)
        .$if(query.status !== undefined, (q) => q.where("status", "=", query.status ?? "draft"))
        .$if(after !== null, (q) => q.where("id", "<", after ?? 0))
        .orderBy("id", "desc")
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(presentQuestionnaire),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
      };
    },
  });

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}",
    scope: "questionnaires:read",
    tag: "问卷",
    summary: "读取问卷（含定义）",
    params: s.questionnaireIdParams,
    response: s.questionnaireDetailSchema,
    handler: async ({ params, viewer }) => {
      const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, params.id, "read");
      return { ...presentQuestionnaire(row), definition: readDefinition(row.draft) };
    },
  });

  defineOpenRoute(scope, {
    method: "POST",
    path: "/questionnaires",
    scope: "questionnaires:write",
    tag: "问卷",
    summary: "创建问卷",
    description: "创建后为草稿，调用发布接口后才能答题。",
    body: s.createQuestionnaireBody,
    response: s.questionnaireDetailSchema,
    status: 201,
    handler: async ({ body, viewer }) => {
      await assertQuestionnaireQuota(ctx.db, viewer.user, ctx.clock.now());
      const created = await createQuestionnaire(ctx, viewer, body);
      const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, created.id, "read");
      return { ...presentQuestionnaire(row), definition: readDefinition(row.draft) };
    },
  });

  defineOpenRoute(scope, {
    method: "PUT",
    path: "/questionnaires/{id}/definition",
    scope: "questionnaires:write",
    tag: "问卷",
    summary: "修改问卷定义（草稿）",
    description: "保存为草稿；已发布的问卷需再次调用发布接口，答题者才能看到修改。",
    params: s.questionnaireIdParams,
    body: s.updateDefinitionBody,
    response: s.savedDefinitionSchema,
    handler: async ({ params, body, viewer }) => {
      const saved = await saveDraft(ctx, viewer, { id: params.id, ...body });
      return {
        version: saved.version,
        hasUnpublishedChanges: saved.hasUnpublishedChanges,
        issues: saved.issues,
      };
    },
  });

  for (const [action, summary, command] of [
    ["publish", "发布问卷", publishQuestionnaire],
    ["stop", "暂停收集", stopQuestionnaire],
  ] as const) {
    defineOpenRoute(scope, {
      method: "POST",
      path: `/questionnaires/{id}/${action}`,
      scope: "questionnaires:write",
      tag: "问卷",
      summary,
      params: s.questionnaireIdParams,
      response: s.questionnaireSchema,
      handler: async ({ params, viewer }) => {
        await command(ctx, viewer, params.id);
        const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, params.id, "read");
        return presentQuestionnaire(row);
      },
    });
  }

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}/responses",
    scope: "responses:read",
    tag: "答卷",
    summary: "列出答卷（游标分页，可增量拉取）",
    description:
      "按答卷 id 从旧到新。增量拉取：保存最后一页的 nextCursor，下次带上它继续；或用 since 只取某时间之后提交的答卷。",
    params: s.questionnaireIdParams,
    query: s.responseListQuery,
    response: s.responsePageSchema,
    handler: async ({ params, query, viewer }) => {
      const { hidePersonal } = await resultsScope(ctx.db, viewer, params.id, "view");
      const after = decodeCursor(query.cursor);
      const rows = await ctx.db
        .selectFrom("responses")
        .selectAll()
        .where("questionnaireId", "=", params.id)
        .where("status", "=", query.status as ResponseStatus)
        .$if(after !== null, (q) => q.where("id", ">", after ?? 0))
        .$if(query.since !== undefined, (q) => q.where("submittedAt", ">=", iso(new Date(query.since ?? 0))))
        .orderBy("id", "asc")
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const present = await responsePresenter(ctx, params.id, page, hidePersonal);
      const last = page.at(-1);
      // At the end of the data the cursor still points past the last row: the next pull starts there.
      const nextCursor = last ? encodeCursor(last.id) : (query.cursor ?? null);
      return { data: page.map(present), nextCursor: rows.length > query.limit || last ? nextCursor : null };
    },
  });

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}/responses/{responseId}",
    scope: "responses:read",
    tag: "答卷",
    summary: "读取一份答卷",
    params: s.responseParams,
    response: s.responseSchema,
    handler: async ({ params, viewer }) => {
      const { hidePersonal } = await resultsScope(ctx.db, viewer, params.id, "view");
      const row = await ctx.db
        .selectFrom("responses")
        .selectAll()
        .where("questionnaireId", "=", params.id)
        .where("id", "=", params.responseId)
        .executeTakeFirst();
      if (!row) throw new NotFoundError("notFound");
      const present = await responsePresenter(ctx, params.id, [row], hidePersonal);
      return present(row);
    },
  });

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}/statistics",
    scope: "responses:read",
    tag: "统计",
    summary: "每道题的统计",
    description: "有效答卷的统计，格式同后台的统计页。",
    params: s.questionnaireIdParams,
    response: s.statisticsSchema,
    handler: async ({ params, viewer }) => {
      const result = await getQuestionStatistics(ctx, viewer, params.id, {});
      return { total: result.total, questions: result.questions as unknown as Record<string, unknown>[] };
    },
  });

  defineOpenRoute(scope, {
    method: "POST",
    path: "/questionnaires/{id}/exports",
    scope: "responses:read",
    tag: "导出",
    summary: "开始导出",
    description: "导出在后台进行；轮询导出任务直到 status 为 done，再从 downloadUrl 下载。",
    params: s.questionnaireIdParams,
    body: s.createExportBody,
    response: s.exportSchema,
    status: 202,
    handler: async ({ params, body, viewer }) =>
      presentExport(
        await createExportJob(ctx, worker, viewer, { questionnaireId: params.id, kind: body.kind }),
      ),
  });

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}/exports/{exportId}",
    scope: "responses:read",
    tag: "导出",
    summary: "查询导出任务",
    params: s.exportParams,
    response: s.exportSchema,
    handler: async ({ params, viewer }) =>
      presentExport(await findExportJob(ctx, viewer, params.id, params.exportId)),
  });

  defineOpenRoute(scope, {
    method: "GET",
    path: "/questionnaires/{id}/exports/{exportId}/file",
    scope: "responses:read",
    tag: "导出",
    summary: "下载导出的文件",
    description: "成功时返回文件本身（Content-Disposition 附件）。",
    params: s.exportParams,
    response: s.fileSchema,
    responseType: "file",
    handler: async ({ params, viewer, reply, request }) => {
      const download = await openExportDownload(ctx, viewer, params.id, params.exportId);
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": download.contentType,
        "Content-Length": String(download.size),
        "Content-Disposition": `attachment; filename="export-${params.exportId}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`,
      });
      await pipeline(download.body, reply.raw).catch((error: unknown) =>
        request.log.warn({ err: error }, "api export download interrupted"),
      );
      return "";
    },
  });
}

/**
 * Presents rows of one questionnaire: their revision's definition, personal answers masked. The one path from a
 * response row to the open API's JSON, and to a webhook's `response.*` payload (commands/webhooks/payload.ts).
 */
export async function responsePresenter(
  ctx: Pick<AppContext, "db">,
  questionnaireId: number,
  rows: readonly ResponseRow[],
  hidePersonal: boolean,
) {
  const [definitions, openStored] = await Promise.all([
    revisionDefinitions(
      ctx.db,
      rows.map((row) => row.revisionId),
    ),
    answersOpener(ctx.db, questionnaireId),
  ]);
  return (row: ResponseRow) => {
    const definition = definitions.get(row.revisionId);
    const all = openStored(row.answers);
    // A member who may not see personal data gets neither those questions nor their answers.
    const visible = definition && hidePersonal ? withoutKeys(all, personalQuestionIds(definition)) : all;
    const shownDefinition = definition && hidePersonal ? withoutPersonalData(definition) : definition;
    const answers = shownDefinition ? maskedAnswers(shownDefinition, visible).answers : {};
    return {
      id: row.id,
      questionnaireId: row.questionnaireId,
      status: row.status,
      submittedAt: row.submittedAt,
      durationSeconds: row.durationSeconds,
      source: row.source,
      score: row.score === null ? null : Number(row.score),
      maxScore: row.maxScore === null ? null : Number(row.maxScore),
      passed: row.passed === null ? null : row.passed === 1,
      answers,
      texts: shownDefinition ? answerTexts(shownDefinition, row, openStored, 10_000) : {},
    };
  };
}
