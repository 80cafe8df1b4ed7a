import {
  type FactPredicate,
  messages,
  personalQuestionIds,
  planCodes,
  planFilter,
  type ResponseStatus,
  type ResultsFilter,
  type SurveyDefinition,
  TEXT_FACT_FAMILIES,
} from "@wjgj/core";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { chinaDayStart, iso } from "../../clock.ts";
import type { Db, DialectName } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { InvalidInputError } from "../../errors.ts";
import { mayBePacked, mayBeRow, packedKeyText, packedQuestionText, packHolds } from "./fact-packs.ts";

type ResponsesEb = ExpressionBuilder<Database, "responses">;

/** Upper bound of a key prefix range: above every key that starts with the prefix (byte order). */
export const PREFIX_END = "\u{10FFFF}";

/** Start of a China calendar date ("YYYY-MM-DD") as a stored (UTC ISO) time. */
export function chinaDateStart(date: string): string {
  return iso(chinaDayStart(new Date(`${date}T00:00:00+08:00`)));
}

/** The calendar date after `date` ("YYYY-MM-DD"). */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export interface ResponseSet {
  questionnaireId: number;
  definition: SurveyDefinition;
  filter: ResultsFilter;
  status: ResponseStatus;
  dialect: DialectName;
}

/**
 * The responses of questionnaire `input.id` in `status` (valid unless told) that pass `input.filter`, and the
 * filter's plan — checked first, so a filter that cannot run refuses with a 400 before anything is read.
 */
export function filteredSet(
  dialect: DialectName,
  definition: SurveyDefinition,
  input: { id: number; filter: ResultsFilter },
  status: ResponseStatus = "valid",
): { set: ResponseSet; predicate: FactPredicate | null } {
  const set = { questionnaireId: input.id, definition, filter: input.filter, status, dialect };
  return { set, predicate: planOrRefuse(definition, input.filter) };
}

/** The rows of a response set, to select from. */
export function responsesIn(db: Db, set: ResponseSet, predicate: FactPredicate | null) {
  return db.selectFrom("responses").where((eb) => responseSetWhere(eb, set, predicate));
}

/**
 * Checks the condition can run as SQL before anything is read: expressions and computed values cannot, nor
 * comparisons of labels or lists. Answers 400 with a Chinese message naming what to change.
 */
export function planOrRefuse(
  definition: SurveyDefinition,
  filter: Pick<ResultsFilter, "condition" | "codes">,
): FactPredicate | null {
  const codes = filter.codes ? planCodes(filter.codes) : null;
  if (!filter.condition) return codes;
  const plan = planFilter(definition, filter.condition);
  if (!plan.ok) {
    const message =
      plan.reason === "unsupportedKind" ? messages.filterConditionKind : messages.filterCompareUnsupported;
    throw new InvalidInputError([{ field: "filter.condition", message }], "filterConditionKind");
  }
  refusePersonalContent(definition, plan.predicate);
  return codes ? { kind: "and", items: [plan.predicate, codes] } : plan.predicate;
}

/**
 * A personal question's facts hold keyed digests, not its text (privacy/sealing.ts): comparing them by content
 * is refused in Chinese; 已作答 / 未作答 (and numbers such as 年龄, which are not sealed) still filter.
 */
function refusePersonalContent(definition: SurveyDefinition, predicate: FactPredicate): void {
  const personal = personalQuestionIds(definition);
  if (personal.size === 0) return;
  const visit = (node: FactPredicate): void => {
    if (node.kind === "and" || node.kind === "or") node.items.forEach(visit);
    else if (node.kind === "not") visit(node.item);
    else if (node.kind === "compare" && node.column === "text" && personal.has(node.questionId))
      throw new InvalidInputError(
        [{ field: "filter.condition", message: messages.filterPersonalContent }],
        "filterPersonalContent",
      );
  };
  visit(predicate);
}

export type CompareLeaf = Extract<FactPredicate, { kind: "compare" }>;
type FactsEb = ExpressionBuilder<Database, "response_facts">;

/** The facts a compare leaf is about (its question, keys or key prefix) whose value passes the comparison. */
export function compareWhere(fb: FactsEb, predicate: CompareLeaf, dialect: DialectName): Expression<SqlBool> {
  const { keys, prefix } = predicate;
  const which: Expression<SqlBool>[] = [];
  if (keys.length > 0) which.push(fb("response_facts.key", "in", keys));
  if (prefix !== null)
    which.push(
      fb.and([
        fb("response_facts.key", ">=", prefix),
        fb("response_facts.key", "<", `${prefix}${PREFIX_END}`),
      ]),
    );
  const parts: Expression<SqlBool>[] = [
    fb("response_facts.questionId", "=", predicate.questionId),
    fb.or(which),
  ];
  if (predicate.op === "contains") {
    const text = sql.ref("response_facts.text");
    const find =
      dialect === "postgres"
        ? sql`strpos(${text}, ${String(predicate.value)})`
        : sql`instr(${text}, ${String(predicate.value)})`;
    parts.push(sql<SqlBool>`${find} > 0`);
  } else {
    const column = predicate.column === "num" ? "response_facts.num" : "response_facts.text";
    const op = { eq: "=", ne: "<>", gt: ">", lt: "<", ge: ">=", le: "<=" } as const;
    // `is not null` also lets the planner use the partial value index (migration 0006).
    parts.push(fb(column, op[predicate.op], predicate.value), fb(column, "is not", null));
  }
  return fb.and(parts);
}

const CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Whether the response has the 编码 `codeId`, as `hasCode` decides it in memory: tagged into it by hand, or not
 * tagged out of it and one of its question's open texts (the text fact families, not a date range's ends)
 * containing one of its keywords, Latin capitals folded on both sides (`lowerLatin`; SQLite's lower() folds
 * exactly those, PostgreSQL's would fold more, so it translates). A code of another questionnaire, or deleted,
 * is had by none.
 */
export function codeSql(
  eb: ResponsesEb,
  codeId: number,
  set: Pick<ResponseSet, "questionnaireId" | "dialect">,
): Expression<SqlBool> {
  const tagged = (included: number) =>
    eb
      .selectFrom("text_code_tags")
      .innerJoin("text_codes", "text_codes.id", "text_code_tags.codeId")
      .select("text_code_tags.responseId")
      .where("text_code_tags.codeId", "=", codeId)
      .where("text_codes.questionnaireId", "=", set.questionnaireId)
      .where("text_code_tags.included", "=", included);
  const text = sql.ref("response_facts.text");
  const keyword = sql.ref("text_code_keywords.keyword");
  const found =
    set.dialect === "postgres"
      ? sql<SqlBool>`strpos(translate(${text}, ${CAPITALS}, ${CAPITALS.toLowerCase()}), ${keyword}) > 0`
      : sql<SqlBool>`instr(lower(${text}), ${keyword}) > 0`;
  const matching = eb
    .selectFrom("response_facts")
    .innerJoin("text_codes", "text_codes.questionId", "response_facts.questionId")
    .innerJoin("text_code_keywords", "text_code_keywords.codeId", "text_codes.id")
    .where("text_codes.id", "=", codeId)
    .where("text_codes.questionnaireId", "=", set.questionnaireId)
    .where("response_facts.questionnaireId", "=", set.questionnaireId)
    .where((fb) =>
      fb.or(
        TEXT_FACT_FAMILIES.map((family) =>
          fb.and([
            fb("response_facts.key", ">=", `${family}:`),
            fb("response_facts.key", "<", `${family}:${PREFIX_END}`),
          ]),
        ),
      ),
    )
    .where(({ eb: fb, ref }) =>
      fb.and(
        ["start", "end"].map((end) =>
          fb(
            "response_facts.key",
            "<>",
            sql<string>`'text:' || ${ref("text_codes.questionId")} || ${`:${end}`}`,
          ),
        ),
      ),
    )
    .where(found);
  const matched =
    set.dialect === "sqlite"
      ? eb.exists(
          matching.select(sql.lit(1).as("one")).whereRef("response_facts.responseId", "=", "responses.id"),
        )
      : eb("responses.id", "in", matching.select("response_facts.responseId"));
  return eb.or([
    eb("responses.id", "in", tagged(1)),
    eb.and([eb("responses.id", "not in", tagged(0)), matched]),
  ]);
}

/**
 * `a AND b AND c …` parses into a chain as deep as the list is long, and SQLite refuses expressions deeper
 * than 1000. Bracketing halves (`(a AND b) AND (c AND d)`) keeps the depth to the logarithm of the length,
 * so every condition within core's `conditionLimits` compiles to SQL both databases accept.
 */
export function balanced(
  eb: ResponsesEb,
  kind: "and" | "or",
  parts: Expression<SqlBool>[],
): Expression<SqlBool> {
  if (parts.length <= 4) return kind === "and" ? eb.and(parts) : eb.or(parts);
  const middle = Math.ceil(parts.length / 2);
  return balanced(eb, kind, [
    balanced(eb, kind, parts.slice(0, middle)),
    balanced(eb, kind, parts.slice(middle)),
  ]);
}

/**
 * One fact predicate as SQL over `responses`. PostgreSQL: leaves are `id IN (matching facts)`, found through
 * the key index. SQLite has no key index (migration 0009): leaves are `EXISTS` over the response's own facts,
 * a lookup on the primary key per response. Comparisons read values, which only fact rows have.
 */
export function predicateSql(
  eb: ResponsesEb,
  predicate: FactPredicate,
  set: Pick<ResponseSet, "questionnaireId" | "dialect">,
): Expression<SqlBool> {
  const facts = (where: (fb: FactsEb) => Expression<SqlBool>) => {
    const matching = eb
      .selectFrom("response_facts")
      .where("response_facts.questionnaireId", "=", set.questionnaireId)
      .where(where);
    if (set.dialect === "sqlite")
      return eb.exists(
        matching.select(sql.lit(1).as("one")).whereRef("response_facts.responseId", "=", "responses.id"),
      );
    return eb("responses.id", "in", matching.select("response_facts.responseId"));
  };
  // Bare keys are packed (fact-packs.ts): the packs are looked into as well, by text. PostgreSQL finds the
  // questionnaire's matching packs through their primary key; SQLite reads each response's own pack by its
  // row id (the response's id).
  const packs = (needles: readonly string[]) => {
    const holding = eb
      .selectFrom("response_fact_keys as p")
      .where((pb) => pb.or(needles.map((needle) => packHolds(set.dialect, "p.keys", needle))));
    if (set.dialect === "sqlite")
      return eb.exists(holding.whereRef("p.responseId", "=", "responses.id").select(sql.lit(1).as("one")));
    return eb(
      "responses.id",
      "in",
      holding.where("p.questionnaireId", "=", set.questionnaireId).select("p.responseId"),
    );
  };
  switch (predicate.kind) {
    case "and":
    case "or":
      return balanced(
        eb,
        predicate.kind,
        predicate.items.map((item) => predicateSql(eb, item, set)),
      );
    case "not":
      return eb.not(predicateSql(eb, predicate.item, set));
    case "const":
      return predicate.value ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
    case "hasKey": {
      const rows = predicate.keys.filter(mayBeRow);
      const packed = predicate.keys.filter(mayBePacked);
      const arms: Expression<SqlBool>[] = [];
      if (rows.length > 0) arms.push(facts((fb) => fb("response_facts.key", "in", rows)));
      if (packed.length > 0) arms.push(packs(packed.map(packedKeyText)));
      return arms.length === 1 ? (arms[0] as Expression<SqlBool>) : eb.or(arms);
    }
    case "answered": {
      const rows = facts((fb) => fb("response_facts.questionId", "=", predicate.questionId));
      return eb.or([rows, packs([packedQuestionText(predicate.questionId)])]);
    }
    case "compare":
      return facts((fb) => compareWhere(fb, predicate, set.dialect));
    case "code":
      return codeSql(eb, predicate.codeId, set);
  }
}

/** The WHERE of a response set: questionnaire, status, date range, source and the answer condition. */
export function responseSetWhere(
  eb: ResponsesEb,
  set: ResponseSet,
  predicate: FactPredicate | null,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    eb("responses.questionnaireId", "=", set.questionnaireId),
    eb("responses.status", "=", set.status),
  ];
  const { dateFrom, dateTo, source } = set.filter;
  if (dateFrom) parts.push(eb("responses.submittedAt", ">=", chinaDateStart(dateFrom)));
  if (dateTo) parts.push(eb("responses.submittedAt", "<", chinaDateStart(nextDay(dateTo))));
  if (source) parts.push(eb("responses.source", "=", source));
  if (set.filter.review) parts.push(eb("responses.reviewState", "=", set.filter.review));
  // The recycle bin leaves out what 答卷保留期限 deleted for good.
  if (set.status === "deleted")
    parts.push(eb.or([eb("responses.erasedAs", "is", null), eb("responses.erasedAs", "<>", "deleted")]));
  if (predicate) parts.push(predicateSql(eb, predicate, set));
  return eb.and(parts);
}
