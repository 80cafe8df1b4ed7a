import { randomInt } from "node:crypto";
import {
  definitionSchema,
  type QuestionarySettings,
  questionarySettingsSchema,
  type SurveyDefinition,
  type TeamRole,
} from "@wjgj/core";
import type { Db, Trx } from "../../db/index.ts";
import { type QuestionnaireRow, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnQuestionnaire, type QuestionnaireAction, roleOn } from "../../policies/index.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 10 random base62 characters (~59 bits): unguessable public ids for /r/{id}. */
export function newPublicId(): string {
  return Array.from({ length: 10 }, () => BASE62[randomInt(0, 62)]).join("");
}

/** Stored drafts were validated on save; parsing again fills defaults added since. */
export function readDefinition(json: string): SurveyDefinition {
  return definitionSchema.parse(JSON.parse(json));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Parsed settings by their stored text: every submit reads them several times. */
const parsedSettings = new Map<string, QuestionarySettings>();
const SETTINGS_CACHE_LIMIT = 200;

function parseSettings(json: string): QuestionarySettings {
  try {
    const parsed = questionarySettingsSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to defaults
  }
  return questionarySettingsSchema.parse({});
}

/**
 * Stored settings merged over today's defaults; a damaged value falls back to the defaults. The result is
 * shared between callers (frozen): copy it to change it.
 */
export function readSettings(json: string): QuestionarySettings {
  const cached = parsedSettings.get(json);
  if (cached) return cached;
  const settings = deepFreeze(parseSettings(json));
  if (parsedSettings.size >= SETTINGS_CACHE_LIMIT)
    parsedSettings.delete(parsedSettings.keys().next().value as string);
  parsedSettings.set(json, settings);
  return settings;
}

export function countQuestions(definition: SurveyDefinition): number {
  const layout = new Set(["paragraph", "divider", "group"]);
  return definition.pages.reduce(
    (sum, page) => sum + page.questions.filter((q) => !layout.has(q.type)).length,
    0,
  );
}

export type Bin = "active" | "recycled" | "any";

/** The viewer's membership role on a questionnaire they do not own (null for a non-member). */
export async function memberRoleOf(db: Db | Trx, questionnaireId: number, userId: number) {
  return (await membershipOf(db, questionnaireId, userId))?.role ?? null;
}

function membershipOf(db: Db | Trx, questionnaireId: number, userId: number) {
  return db
    .selectFrom("team_members")
    .select(["role", "hidePersonal"])
    .where("questionnaireId", "=", questionnaireId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/**
 * The questionnaire `id` if the viewer's role on it allows `action` (policies' one table): 404 when it does
 * not exist (or is in the wrong bin), 403 when the viewer is not in its team or the role lacks the action.
 */
export async function loadQuestionnaireWithRole(
  db: Db | Trx,
  viewer: Viewer,
  id: number,
  action: QuestionnaireAction,
  bin: Bin = "active",
): Promise<{ row: QuestionnaireRow; role: TeamRole; hidePersonal: boolean }> {
  const row = await db
    .selectFrom("questionnaires")
    .selectAll()
    .select(responseCountColumn)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("questionaryNotFound");
  // The owner needs no second query: the common case stays one read.
  const member = row.ownerId === viewer.user.id ? undefined : await membershipOf(db, row.id, viewer.user.id);
  const subject = { ownerId: row.ownerId, memberRole: member?.role ?? null };
  const role = roleOn(viewer, subject);
  if (!role || !allowOnQuestionnaire(viewer, action, subject)) throw new ForbiddenError();
  if (bin === "active" && row.deletedAt) throw new NotFoundError("questionaryInRecycleBin", row.kind);
  if (bin === "recycled" && !row.deletedAt) throw new ConflictError("questionaryNotInRecycleBin", row.kind);
  // Personal data is hidden from members marked so, whatever their role (the owner always sees it).
  return { row, role, hidePersonal: member?.hidePersonal === 1 };
}

export async function loadQuestionnaire(
  db: Db | Trx,
  viewer: Viewer,
  id: number,
  action: QuestionnaireAction,
  bin: Bin = "active",
): Promise<QuestionnaireRow> {
  return (await loadQuestionnaireWithRole(db, viewer, id, action, bin)).row;
}

/** The definition without its answer key: option scores, correct answers and scoring rules. */
export function withoutAnswerKey(definition: SurveyDefinition): SurveyDefinition {
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.map((question) => {
        const { scoring: _scoring, ...rest } = question;
        const config = rest.config as { options?: { score?: number; correct?: boolean }[] };
        if (!Array.isArray(config.options)) return rest as typeof question;
        const options = config.options.map(({ score: _score, correct: _correct, ...option }) => option);
        return { ...rest, config: { ...rest.config, options } } as typeof question;
      }),
    })),
  };
}
