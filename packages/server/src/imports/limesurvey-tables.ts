import { importMessages as m } from "./messages.ts";
import { decodeXmlEntities, parseXml } from "./xml.ts";
import { ImportRefusal } from "./zip.ts";

/**
 * A LimeSurvey structure file (.lss) read into plain records. Two layouts exist: LimeSurvey 3 keeps texts in
 * the rows of `questions`, `groups` and `answers` (one row per language); LimeSurvey 4–6 move them to
 * `question_l10ns`, `group_l10ns` and `answer_l10ns`. Both end up in the same model, in the base language.
 */
type Row = Record<string, string>;

export interface LsGroup {
  gid: string;
  order: number;
  name: string;
  description: string;
  relevance: string;
}

export interface LsItem {
  code: string;
  text: string;
  order: number;
  scale: number;
  assessment: number;
}

export interface LsQuestion {
  qid: string;
  gid: string;
  type: string;
  code: string;
  text: string;
  help: string;
  mandatory: string;
  other: boolean;
  order: number;
  relevance: string;
  attributes: Map<string, string>;
  subquestions: LsItem[];
  answers: LsItem[];
}

export interface LsCondition {
  qid: string;
  cqid: string;
  fieldName: string;
  method: string;
  value: string;
  scenario: string;
}

export interface LsSurvey {
  sid: string;
  language: string;
  title: string;
  description: string;
  assessments: boolean;
  groups: LsGroup[];
  questions: LsQuestion[];
  conditions: LsCondition[];
}

const arrays = new Set(["row", "language", "fieldname"]);

function rowsOf(document: Record<string, unknown>, table: string): Row[] {
  const section = document[table] as { rows?: { row?: unknown } } | undefined;
  const rows = section?.rows?.row;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => {
    if (typeof row !== "object" || row === null) return [];
    return [
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).map(([key, value]) => [
          key,
          typeof value === "string" || typeof value === "number" ? decodeXmlEntities(String(value)) : "",
        ]),
      ),
    ];
  });
}

/** Rows of the base language (or, when a table has none in it, of any language). */
function inLanguage(rows: Row[], language: string, field = "language"): Row[] {
  const own = rows.filter((row) => row[field] === language);
  return own.length > 0 ? own : rows;
}

function firstBy<K>(rows: Row[], key: (row: Row) => K): Map<K, Row> {
  const map = new Map<K, Row>();
  for (const row of rows) if (!map.has(key(row))) map.set(key(row), row);
  return map;
}

const num = (text: string | undefined) => {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
};

function readDocument(text: string): Record<string, unknown> {
  const parsed = parseXml(text.replace(/^\uFEFF/, ""), { arrays }) as Record<string, unknown> | null;
  const document = parsed?.document as Record<string, unknown> | undefined;
  const docType = String(document?.LimeSurveyDocType ?? "").trim();
  if (!document || docType !== "Survey") throw new ImportRefusal(m.badLss());
  return document;
}

/** Reads an .lss; refuses text that is not a LimeSurvey survey structure. */
export function readLss(text: string): LsSurvey {
  const document = readDocument(text);
  const survey = rowsOf(document, "surveys")[0] ?? {};
  const languages = (document.languages as { language?: unknown[] } | undefined)?.language ?? [];
  const language = survey.language || String(languages[0] ?? "");
  const settings =
    inLanguage(rowsOf(document, "surveys_languagesettings"), language, "surveyls_language")[0] ?? {};

  const l10n = (table: string, key: string) =>
    firstBy(inLanguage(rowsOf(document, table), language), (row) => row[key] ?? "");
  const groupTexts = l10n("group_l10ns", "gid");
  const questionTexts = l10n("question_l10ns", "qid");
  const answerTexts = l10n("answer_l10ns", "aid");

  const groups = [
    ...firstBy(inLanguage(rowsOf(document, "groups"), language), (row) => row.gid ?? "").values(),
  ]
    .map((row): LsGroup => {
      const texts = groupTexts.get(row.gid ?? "") ?? row;
      return {
        gid: row.gid ?? "",
        order: num(row.group_order),
        name: texts.group_name ?? "",
        description: texts.description ?? "",
        relevance: row.grelevance ?? "",
      };
    })
    .sort((a, b) => a.order - b.order);

  const attributes = new Map<string, Map<string, string>>();
  for (const row of rowsOf(document, "question_attributes")) {
    if (row.language && row.language !== language) continue;
    const map = attributes.get(row.qid ?? "") ?? new Map<string, string>();
    map.set(row.attribute ?? "", row.value ?? "");
    attributes.set(row.qid ?? "", map);
  }

  const answers = new Map<string, LsItem[]>();
  for (const row of inLanguage(rowsOf(document, "answers"), language)) {
    const list = answers.get(row.qid ?? "") ?? [];
    const scale = num(row.scale_id);
    if (list.some((item) => item.code === row.code && item.scale === scale)) continue;
    const texts = row.aid ? answerTexts.get(row.aid) : undefined;
    list.push({
      code: row.code ?? "",
      text: texts?.answer ?? row.answer ?? "",
      order: num(row.sortorder),
      scale,
      assessment: num(row.assessment_value),
    });
    answers.set(row.qid ?? "", list);
  }

  const all = [...rowsOf(document, "questions"), ...rowsOf(document, "subquestions")];
  const questionRows = [...firstBy(inLanguage(all, language), (row) => row.qid ?? "").values()];
  const subquestions = new Map<string, LsItem[]>();
  for (const row of questionRows) {
    if (!row.parent_qid || row.parent_qid === "0") continue;
    const texts = questionTexts.get(row.qid ?? "") ?? row;
    const list = subquestions.get(row.parent_qid) ?? [];
    list.push({
      code: row.title ?? "",
      text: texts.question ?? "",
      order: num(row.question_order),
      scale: num(row.scale_id),
      assessment: 0,
    });
    subquestions.set(row.parent_qid, list);
  }
  const groupOrder = new Map(groups.map((group, index) => [group.gid, index]));
  const byOrder = (a: LsItem, b: LsItem) => a.order - b.order;
  const questions = questionRows
    .filter((row) => !row.parent_qid || row.parent_qid === "0")
    .map((row): LsQuestion => {
      const qid = row.qid ?? "";
      const texts = questionTexts.get(qid) ?? row;
      return {
        qid,
        gid: row.gid ?? "",
        type: row.type ?? "",
        code: row.title ?? "",
        text: texts.question ?? "",
        help: texts.help ?? "",
        mandatory: row.mandatory ?? "N",
        other: row.other === "Y",
        order: num(row.question_order),
        relevance: row.relevance ?? "",
        attributes: attributes.get(qid) ?? new Map(),
        subquestions: (subquestions.get(qid) ?? []).sort(byOrder),
        answers: (answers.get(qid) ?? []).sort(byOrder),
      };
    })
    .sort((a, b) => (groupOrder.get(a.gid) ?? 0) - (groupOrder.get(b.gid) ?? 0) || a.order - b.order);

  return {
    sid: survey.sid ?? "",
    language,
    title: settings.surveyls_title ?? "",
    description: settings.surveyls_description ?? "",
    assessments: survey.assessments === "Y",
    groups,
    questions,
    conditions: rowsOf(document, "conditions").map((row) => ({
      qid: row.qid ?? "",
      cqid: row.cqid ?? "",
      fieldName: row.cfieldname ?? "",
      method: row.method ?? "==",
      value: row.value ?? "",
      scenario: row.scenario ?? "1",
    })),
  };
}
