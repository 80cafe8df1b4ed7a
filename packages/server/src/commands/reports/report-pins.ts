import { REPORT_PINS_MAX, type ReportPinItem, type ReportPinResult, type ResultsFilter } from "@wjgj/core";
import type { AnalysisRequest } from "@wjgj/core/api/analysis";
import { outcomeTables } from "@wjgj/core/stats-tables/outcome-tables";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { getAnalysis } from "../results/analysis/analysis.ts";
import { getCrossAnalysis } from "../results/cross-analysis.ts";
import { resultsScope } from "../results/scope.ts";
import { scopeText } from "./report-data.ts";

/**
 * 固定到报告 (issue #35): a 交叉分析 or 统计分析 result put in the 分析报告 (Word, PDF and the shared 数据报告) under
 * 三、交叉分析与统计分析. The server computes it when it is pinned — with the caller's rights and under the 筛选
 * of that moment, so what is pinned is what the caller saw — and the report prints it with the time it was pinned.
 */

export type PinInput =
  | {
      id: number;
      kind: "cross";
      rowQuestionIds: string[];
      columnQuestionId: string;
      filter: ResultsFilter;
    }
  | { id: number; kind: "analysis"; request: AnalysisRequest; weighted: boolean; filter: ResultsFilter };

function pinTitle(pin: ReportPinResult): string {
  if (pin.kind === "cross")
    return `交叉分析：${pin.result.tables.map((t) => t.title).join("、")} × ${pin.result.column.title}`;
  return `统计分析：${outcomeTables(pin.result.outcome)[0]?.title ?? "分析结果"}`;
}

/** `statistics/pinToReport`: computes the result and keeps it in the report (20 at most per questionnaire). */
export async function pinToReport(ctx: AppContext, viewer: Viewer, input: PinInput): Promise<ReportPinItem> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const count = await ctx.db
    .selectFrom("report_pins")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("questionnaireId", "=", input.id)
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= REPORT_PINS_MAX)
    throw InvalidInputError.field("kind", "reportPinsTooMany");
  const pin: ReportPinResult =
    input.kind === "cross"
      ? {
          kind: "cross",
          result: await getCrossAnalysis(ctx, viewer, {
            id: input.id,
            rowQuestionIds: input.rowQuestionIds,
            columnQuestionId: input.columnQuestionId,
            filter: input.filter,
          }),
        }
      : {
          kind: "analysis",
          result: await getAnalysis(ctx, viewer, {
            id: input.id,
            request: input.request,
            weighted: input.weighted,
            filter: input.filter,
          }),
        };
  const values = {
    questionnaireId: input.id,
    kind: pin.kind,
    title: pinTitle(pin).slice(0, 400),
    scope: scopeText(input.filter),
    result: JSON.stringify(pin.result),
    createdAt: iso(ctx.clock.now()),
  };
  const row = await ctx.db.insertInto("report_pins").values(values).returning("id").executeTakeFirstOrThrow();
  return {
    id: row.id,
    kind: pin.kind,
    title: values.title,
    scope: values.scope,
    pinnedAt: chinaDateTime(values.createdAt),
  };
}

/** `statistics/getReportPins`: what the report holds, oldest first, for anyone who may read the results. */
export async function getReportPins(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<{ list: ReportPinItem[] }> {
  await resultsScope(ctx.db, viewer, id, "view");
  const rows = await ctx.db
    .selectFrom("report_pins")
    .select(["id", "kind", "title", "scope", "createdAt"])
    .where("questionnaireId", "=", id)
    .orderBy("id")
    .execute();
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind === "cross" ? "cross" : "analysis",
      title: row.title,
      scope: row.scope,
      pinnedAt: chinaDateTime(row.createdAt),
    })),
  };
}

/** `statistics/unpinFromReport`: takes one result out of the report. */
export async function unpinFromReport(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; pinId: number },
): Promise<null> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const deleted = await ctx.db
    .deleteFrom("report_pins")
    .where("id", "=", input.pinId)
    .where("questionnaireId", "=", input.id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError("reportPinNotFound");
  return null;
}
