import type { QuestionnaireKind } from "@wjgj/core";
import type { Insertable } from "kysely";
import { iso } from "../src/clock.ts";
import { createSession, resolveSession } from "../src/commands/account/sessions.ts";
import { insertUser } from "../src/commands/account/users.ts";
import { createQuestionnaire } from "../src/commands/questionnaires/drafts.ts";
import type { HelpArticlesTable, LabelsTable, NewsTable } from "../src/db/tables/site-content.ts";
import type { NewUser, UserRow } from "../src/db/tables/users.ts";
import { hashPassword } from "../src/security/hashing.ts";
import type { TestContext } from "./helpers.ts";

let phoneSeq = 0;
let seq = 0;

/** A unique, valid mainland mobile number per call within a test file. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `137${String(10_000_000 + phoneSeq * 7919).slice(-8)}`;
}

export interface BuiltUser {
  user: UserRow;
  token: string;
  password: string | undefined;
}

/** An account (with a logged-in session) built straight in the database, not through the API. */
export async function buildUser(
  t: TestContext,
  values: Partial<NewUser> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password, ...rest } = values;
  const user = await insertUser(t.db, t.clock.now(), {
    phone: nextPhone(),
    ...(password ? { passwordHash: await hashPassword(password, t.config.passwordHashCost) } : {}),
    ...rest,
  });
  const { token } = await createSession(t.db, t.clock, t.config.sessionTtlDays, user, {
    ip: "10.0.0.9",
    userAgent: "vitest",
    fromType: 1,
  });
  return { user, token, password };
}

export function buildAdmin(t: TestContext, values: Partial<NewUser> & { password?: string } = {}) {
  return buildUser(t, { role: "admin", nickName: "管理员", ...values });
}

/**
 * An account on a paid level whose limits are `limits` (over the free ones), for a year from the test
 * clock's now; the level's row is made when the test database has none.
 */
/** A published membership level (会员等级) with its limits; a level already saved is left as it is. */
export async function insertVipSet(
  t: TestContext,
  level: number,
  values: {
    name?: string;
    badge?: string;
    priceMonthFen?: number;
    priceYearFen?: number;
    limits?: object;
  } = {},
): Promise<void> {
  await t.db
    .insertInto("vip_sets")
    .values({
      level,
      name: values.name ?? `测试会员${level}`,
      badge: values.badge ?? "",
      priceMonthFen: values.priceMonthFen ?? 1_000 * level,
      priceYearFen: values.priceYearFen ?? 10_000 * level,
      limits: JSON.stringify(values.limits ?? {}),
      description: "",
      sort: level,
      status: "published",
    })
    .onConflict((oc) => oc.column("level").doNothing())
    .execute();
}

export async function buildMember(
  t: TestContext,
  level: number,
  limits: Record<string, unknown>,
  values: Partial<NewUser> = {},
): Promise<BuiltUser> {
  await insertVipSet(t, level, { limits });
  const stop = iso(new Date(t.clock.now().getTime() + 365 * 86_400_000));
  return buildUser(t, { vipLevel: level, vipStopTime: stop, ...values });
}

/** The code the console SMS provider "sent" last to `phone` (read from the outbox, as an admin would). */
export async function latestCode(t: TestContext, phone: string): Promise<string> {
  const row = await t.db
    .selectFrom("sms_outbox")
    .select("code")
    .where("phone", "=", phone)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  if (!row.code) throw new Error(`no code in the outbox for ${phone}`);
  return row.code;
}

/** Row counts of every table, to prove a refused call wrote nothing. */
export async function tableCounts(t: TestContext): Promise<Record<string, number>> {
  const tables = [
    "users",
    "sessions",
    "phone_codes",
    "sms_outbox",
    "login_attempts",
    "external_accounts",
    "other_login_uses",
    "settings",
    "labels",
    "news",
    "help_categories",
    "help_articles",
    "banners",
    "nav_entries",
    "friend_links",
    "leads",
    "vip_sets",
    "audit_logs",
    "team_members",
    "team_invites",
    "campaign_pages",
    "start_reminders",
    "space_posts",
    "sample_orders",
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

/** A news label, straight in the database. */
export async function buildLabel(t: TestContext, values: Partial<Insertable<LabelsTable>> = {}) {
  return t.db
    .insertInto("labels")
    .values({ name: `标签${++seq}`, sort: 0, createdAt: iso(t.clock.now()), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A news item, published now unless told otherwise, straight in the database (no sanitising). */
export async function buildNews(t: TestContext, values: Partial<Insertable<NewsTable>> = {}) {
  const now = iso(t.clock.now());
  return t.db
    .insertInto("news")
    .values({
      title: `资讯${++seq}`,
      summary: "摘要",
      cover: "",
      content: "<p>正文</p>",
      labelId: null,
      status: "published",
      publishAt: now,
      views: 0,
      createdBy: 0,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A help article in a category of its own unless `categoryId` is given. */
export async function buildHelpArticle(t: TestContext, values: Partial<Insertable<HelpArticlesTable>> = {}) {
  const categoryId =
    values.categoryId ??
    (
      await t.db
        .insertInto("help_categories")
        .values({ name: `分类${++seq}`, sort: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const now = iso(t.clock.now());
  return t.db
    .insertInto("help_articles")
    .values({
      title: `文章${++seq}`,
      content: "<p>帮助正文</p>",
      plainText: "帮助正文",
      status: "published",
      sort: 0,
      createdAt: now,
      updatedAt: now,
      ...values,
      categoryId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The audit rows of one record, oldest first, with before/after parsed. */
export async function auditRowsOf(t: TestContext, entity: string, entityId: number | string) {
  const rows = await t.db
    .selectFrom("audit_logs")
    .selectAll()
    .where("entity", "=", entity)
    .where("entityId", "=", String(entityId))
    .orderBy("id")
    .execute();
  const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));
  return rows.map((row) => ({ ...row, before: parse(row.before), after: parse(row.after) }));
}

/** A small exam with scoring, a show condition and exam settings: enough to exercise every call. */
export function sampleDefinition(title = "消防安全知识测验") {
  return {
    schemaVersion: 1,
    kind: "exam",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "发生火灾时应拨打",
            required: true,
            config: {
              options: [
                { id: "a", label: "110" },
                { id: "b", label: "119", correct: true, score: 4 },
              ],
            },
            scoring: { mode: "single", points: 4 },
          },
          {
            id: "q2",
            type: "textarea",
            title: "请简述逃生要点",
            showIf: { kind: "selected", questionId: "q1", optionIds: ["b"], match: "any" },
            config: { rows: 4 },
          },
        ],
      },
    ],
    settings: { exam: { passMark: 3, timeLimitMinutes: 10 } },
  };
}

/** A questionnaire owned by `owner`, created through the same command as the API. */
export async function buildQuestionnaire(
  t: TestContext,
  owner: BuiltUser,
  values: { kind?: QuestionnaireKind; title?: string; definition?: unknown } = {},
) {
  const viewer = await resolveSession(t.db, t.clock, owner.token);
  if (!viewer) throw new Error("owner has no session");
  return createQuestionnaire(t.ctx, viewer, {
    kind: values.kind ?? "exam",
    title: values.title ?? "消防安全知识测验",
    definition: values.definition === undefined ? sampleDefinition(values.title) : values.definition,
  });
}

/** `user` joins the questionnaire's team with `role`, straight in the database. */
export async function buildTeamMember(
  t: TestContext,
  questionnaireId: number,
  user: BuiltUser,
  role: "admin" | "editor" | "viewer",
) {
  return t.db
    .insertInto("team_members")
    .values({ questionnaireId, userId: user.user.id, role, invitedBy: null, createdAt: iso(t.clock.now()) })
    .returningAll()
    .executeTakeFirstOrThrow();
}
