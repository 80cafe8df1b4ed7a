import { randomBytes } from "node:crypto";
import {
  type ExportFilter,
  REPORT_SHARE_PASSWORD,
  type ReportShare,
  reportSections,
  type SaveReportShareInput,
  type SharedReportResult,
  withoutPersonalData,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { ReportSharesTable } from "../../db/tables/report-shares.ts";
import { InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { passesPasswordGate } from "../answering/password-gate.ts";
import { latestDefinition } from "../exports/write-file.ts";
import { planOrRefuse } from "../results/filter.ts";
import { resultsScope } from "../results/scope.ts";
import { type ReportData, reportData, resultsFilterOf } from "./report-data.ts";

/**
 * 数据报告 shared by link (issue #35): the 分析报告's content as a read-only web page at /report/{token}, for
 * anyone with the link (and its password, when one is set). Switched on and off by those who manage the
 * responses; personal-information questions never show on it, whoever switched it on.
 */

const toShare = (row: ReportSharesTable | undefined): ReportShare => ({
  enabled: row?.enabled === 1,
  token: row?.token ?? null,
  password: row?.password ?? "",
  filter: row ? (JSON.parse(row.filter) as ExportFilter) : { sections: [...reportSections] },
  updatedAt: row?.updatedAt ?? null,
});

const newToken = () => randomBytes(12).toString("base64url");

/** `statistics/getReportShare`: the questionnaire's link, on or off (never switched on: off, no token). */
export async function getReportShare(ctx: AppContext, viewer: Viewer, id: number): Promise<ReportShare> {
  await resultsScope(ctx.db, viewer, id, "manage");
  const row = await ctx.db
    .selectFrom("report_shares")
    .selectAll()
    .where("questionnaireId", "=", id)
    .executeTakeFirst();
  return toShare(row);
}

function checkedPassword(password: string): string {
  if (
    password !== "" &&
    (/\s/.test(password) ||
      [...password].length < REPORT_SHARE_PASSWORD.min ||
      [...password].length > REPORT_SHARE_PASSWORD.max)
  )
    throw InvalidInputError.field("password", "reportSharePasswordInvalid");
  return password;
}

/**
 * `statistics/saveReportShare`: switches the link on or off, sets or removes its password, the sections and
 * 筛选 it shows; `renew` gives it a new address (the old one stops working). The questionnaire must be published
 * (the report reads its published questions) and the filter must run.
 */
export async function saveReportShare(
  ctx: AppContext,
  viewer: Viewer,
  input: SaveReportShareInput,
): Promise<ReportShare> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const definition = await latestDefinition(ctx.db, input.id);
  const existing = await ctx.db
    .selectFrom("report_shares")
    .selectAll()
    .where("questionnaireId", "=", input.id)
    .executeTakeFirst();
  const current = toShare(existing);
  const filter = input.filter ?? current.filter;
  planOrRefuse(definition, resultsFilterOf(filter));
  const password = input.password === undefined ? current.password : checkedPassword(input.password);
  const values = {
    token: existing && !input.renew ? existing.token : newToken(),
    enabled: input.enabled ? 1 : 0,
    password,
    filter: JSON.stringify(filter),
    updatedAt: iso(ctx.clock.now()),
  };
  await ctx.db
    .insertInto("report_shares")
    .values({ questionnaireId: input.id, ...values })
    .onConflict((oc) => oc.column("questionnaireId").doUpdateSet(values))
    .execute();
  sharedReports.forget(input.id);
  return toShare({ questionnaireId: input.id, ...values });
}

/** How long a built shared report is served before it is built again from the responses. */
export const SHARED_REPORT_TTL_MS = 60_000;
const CACHED_REPORTS = 50;

/**
 * Shared reports built lately, per questionnaire and link state: a link passed round a class is opened by
 * many at once, and each build reads every response. Builds in flight are shared; at most 50 are kept.
 */
class SharedReportCache {
  private readonly entries = new Map<string, { at: number; data: Promise<ReportData> }>();

  get(key: string, now: number, build: () => Promise<ReportData>): Promise<ReportData> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < SHARED_REPORT_TTL_MS) return hit.data;
    const data = build();
    this.entries.delete(key);
    this.entries.set(key, { at: now, data });
    // A refusal (no responses yet) is not kept: the next visitor may find responses.
    data.catch(() => {
      if (this.entries.get(key)?.data === data) this.entries.delete(key);
    });
    while (this.entries.size > CACHED_REPORTS) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return data;
  }

  forget(questionnaireId: number): void {
    for (const key of this.entries.keys())
      if (key.startsWith(`${questionnaireId}:`)) this.entries.delete(key);
  }
}

const sharedReports = new SharedReportCache();

/**
 * `report/getSharedReport`: the report behind a link that is switched on, of a questionnaire neither deleted
 * nor taken down; `{ locked: true }` while its password is not given, 400 for a wrong one (tries throttled as
 * the answering page's 访问密码 are).
 */
export async function openSharedReport(
  ctx: AppContext,
  input: { token: string; password?: string | undefined },
  ip: string,
): Promise<SharedReportResult> {
  const share = await ctx.db
    .selectFrom("report_shares")
    .innerJoin("questionnaires", "questionnaires.id", "report_shares.questionnaireId")
    .select([
      "report_shares.questionnaireId",
      "report_shares.enabled",
      "report_shares.password",
      "report_shares.filter",
      "report_shares.updatedAt",
      "questionnaires.deletedAt",
      "questionnaires.takenDownAt",
    ])
    .where("report_shares.token", "=", input.token)
    .executeTakeFirst();
  if (share?.enabled !== 1 || share.deletedAt !== null || share.takenDownAt !== null)
    throw new NotFoundError("reportShareNotFound");
  if (share.password !== "") {
    if (!input.password) return { locked: true };
    const gate = {
      subject: `r:${share.questionnaireId}`,
      throttled: "reportSharePasswordThrottled",
    } as const;
    if (!(await passesPasswordGate(ctx, gate, share.password, input.password, ip)))
      throw InvalidInputError.field("password", "reportSharePasswordWrong");
  }
  const now = ctx.clock.now();
  const data = await sharedReports.get(
    `${share.questionnaireId}:${share.updatedAt}`,
    now.getTime(),
    async () => {
      const definition = withoutPersonalData(await latestDefinition(ctx.db, share.questionnaireId));
      const filter = JSON.parse(share.filter) as ExportFilter;
      return reportData(ctx.db, ctx.dialect, share.questionnaireId, definition, filter, now, async () => {});
    },
  );
  return {
    locked: false,
    title: data.title,
    scope: data.scope,
    generatedAt: data.generatedAt,
    sections: reportSections.filter((section) => data.sections.has(section)),
    overview: data.overview,
    questions: data.questions,
    pinned: data.pinned,
  };
}
