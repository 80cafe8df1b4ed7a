import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import { questionSchema } from "../survey/definition/question.ts";
import { richTextToPlain } from "../survey/definition/rich-text.ts";
import { settingsSchema } from "../survey/definition/settings.ts";
import { getQuestionType } from "../survey/types/registry.ts";
import { checkDefinition } from "../survey/validate/check-definition.ts";
import { bankMessages } from "./bank-messages.ts";

/**
 * 题库: a user's banks of exam questions, each question with tags and a difficulty. The Excel sheet (import,
 * export and the downloadable template) has one question per row under these headers.
 */
export const bankSheetHeaders = ["题目", "题型", "选项", "答案", "分值", "解析", "标签", "难度"] as const;
export const bankDifficulties = ["简单", "中等", "困难"] as const;
export type BankDifficulty = 1 | 2 | 3;
export const bankTypeNames = {
  single: "单选题",
  multiple: "多选题",
  trueFalse: "判断题",
  text: "填空题",
} as const;
type BankType = keyof typeof bankTypeNames;

export interface BankQuestion {
  question: Question;
  tags: string[];
  difficulty: BankDifficulty;
}

export interface BankRowError {
  /** The sheet's row number, as Excel shows it (the header is row 1). */
  row: number;
  message: string;
}

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MAX_TAGS = 10;
const m = bankMessages;

function splitList(text: string, separators: RegExp): string[] {
  return text
    .split(separators)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** "A. 110" or "110": the sheet's option text without its letter. */
function optionLabel(text: string): string {
  return text.replace(/^[A-Z][.、．:：)）]\s*/, "");
}

function typeOf(name: string): BankType | undefined {
  const entry = Object.entries(bankTypeNames).find(
    ([, label]) => label === name || label.slice(0, 2) === name,
  );
  return entry?.[0] as BankType | undefined;
}

export function isBankType(type: string): type is BankType {
  return Object.hasOwn(bankTypeNames, type);
}

/** The fault of a bank question's tags, or null: at most 10, each 1-20 characters. */
export function bankTagsError(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return m.tooManyTags(tags.length);
  const long = tags.find((tag) => tag.length > 20);
  return long === undefined ? null : m.tagTooLong(long);
}

/** The scoring modes a bank question may use: those that judge by the key (practice and papers need one). */
const bankModes: Record<BankType, readonly string[]> = {
  single: ["single"],
  multiple: ["allOrNothing", "partial", "partialNoWrong"],
  trueFalse: ["single"],
  text: ["text"],
};

function structuralFault(input: Record<string, unknown>): string | null {
  const title = typeof input.title === "string" ? richTextToPlain(input.title).trim() : "";
  if (!title) return m.titleMissing();
  if (title.length > 1000) return m.titleTooLong(title.length);
  if (typeof input.explanation === "string" && input.explanation.length > 5000)
    return m.explanationTooLong(input.explanation.length);
  const config = (input.config ?? {}) as { options?: unknown };
  if (input.type !== "text" && Array.isArray(config.options)) {
    const options = config.options as { label?: unknown }[];
    const typeName = bankTypeNames[input.type as BankType];
    if (options.length < 2) return m.tooFewOptions(typeName, options.length);
    if (options.length > 26) return m.tooManyOptions(options.length);
    for (const [i, option] of options.entries()) {
      const label = typeof option?.label === "string" ? richTextToPlain(option.label).trim() : "";
      if (!label) return m.optionEmpty(i + 1);
      if (label.length > 1000) return m.optionTooLong(i + 1);
    }
  }
  return null;
}

function keyFault(question: Question, type: BankType): string | null {
  const rule = question.scoring;
  if (!rule) return m.scoringMissing();
  if (!bankModes[type].includes(rule.mode)) return m.scoringModeInvalid(bankTypeNames[type]);
  const points = "points" in rule ? rule.points : 0;
  if (!Number.isInteger(points) || points < 1 || points > 100) return m.pointsOutOfRange(points);
  if (rule.mode === "text") {
    return rule.accepted.some((text) => text.trim() !== "") ? null : m.textAnswerMissing();
  }
  const options = (question.config as { options?: { correct?: boolean }[] }).options ?? [];
  const correct = options.filter((option) => option.correct === true).length;
  if (correct === 0) return m.noCorrectOption();
  if (type !== "multiple" && correct > 1) return m.singleCorrectMany(correct);
  return null;
}

export type BankQuestionCheck = { ok: true; question: Question } | { ok: false; message: string };

/**
 * A question as a bank keeps it: one of bankTypeNames' types, structurally valid (questionSchema), passing
 * the designer's own definition checks (checkDefinition, as a one-question exam) and carrying its key: a
 * scoring rule that judges by the correct options or the reference answers, with 1-100 points. The import
 * and the bank question editor both go through it, so both refuse the same questions with the same words.
 */
export function checkBankQuestion(input: unknown): BankQuestionCheck {
  if (typeof input !== "object" || input === null) return { ok: false, message: m.titleMissing() };
  const raw = input as Record<string, unknown>;
  const type = String(raw.type ?? "");
  if (!isBankType(type)) {
    return { ok: false, message: m.typeUnsupported(getQuestionType(type)?.name ?? type) };
  }
  const fault = structuralFault(raw);
  if (fault) return { ok: false, message: fault };
  const parsed = questionSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, message: m.questionInvalid(parsed.error.issues[0]?.message ?? "") };
  }
  const question = parsed.data;
  const key = keyFault(question, type);
  if (key) return { ok: false, message: key };
  const issues = checkDefinition({
    schemaVersion: 1,
    kind: "exam",
    title: "题库",
    pages: [{ id: "p1", questions: [question] }],
    computed: [],
    quotas: [],
    settings: settingsSchema.parse({}),
  } as SurveyDefinition).filter((issue) => issue.level === "error");
  const first = issues[0];
  return first ? { ok: false, message: first.message } : { ok: true, question };
}

/** A choice row's answer letters to option indexes, or the fault (missing, not letters, out of range). */
function pickedOptions(answer: string, labels: readonly string[], type: BankType): number[] | string {
  const key = answer.trim().toUpperCase();
  if (type === "trueFalse") {
    if (["对", "正确", "√", "A", "T", "TRUE"].includes(key)) return [0];
    if (["错", "错误", "×", "B", "F", "FALSE"].includes(key)) return [1];
    return m.trueFalseAnswer();
  }
  if (key === "") return m.answerMissing();
  const compact = key.replace(/[\s,，、;；|｜]/g, "");
  if (!/^[A-Z]+$/.test(compact)) return m.answerNotLetters(answer.trim());
  const chosen = [...new Set(compact.split(""))];
  const outside = chosen.filter((letter) => letters.indexOf(letter) >= labels.length);
  if (outside.length > 0) return m.answerOutOfRange(outside.join(""), labels.length);
  if (type === "single" && chosen.length > 1) return m.singleHasMany(chosen.join(""));
  return chosen.map((letter) => letters.indexOf(letter));
}

/** One sheet row to a bank question, or the reason (in Chinese) it cannot be one. */
function rowToQuestion(cells: readonly string[], id: string): BankQuestion | string {
  const [title = "", typeName = "", optionsText = "", answer = "", scoreText = "", explanation = ""] = cells;
  const [, , , , , , tagsText = "", difficultyText = ""] = cells;
  if (!title.trim()) return m.titleMissing();
  if (title.trim().length > 1000) return m.titleTooLong(title.trim().length);
  if (!typeName.trim()) return m.typeMissing();
  const type = typeOf(typeName.trim());
  if (!type) return m.typeInvalid(typeName.trim());
  const points = scoreText.trim() === "" ? 5 : Number(scoreText.trim());
  if (!Number.isInteger(points) || points < 1 || points > 100) return m.pointsInvalid(scoreText.trim());
  const difficultyIndex =
    difficultyText.trim() === "" ? 0 : bankDifficulties.indexOf(difficultyText.trim() as never);
  if (difficultyIndex < 0) return m.difficultyInvalid(difficultyText.trim());
  const tags = [...new Set(splitList(tagsText, /[,，、;；]/))];
  const tagFault = bankTagsError(tags);
  if (tagFault) return tagFault;
  const base = {
    id,
    title: title.trim(),
    ...(explanation.trim() ? { explanation: explanation.trim() } : {}),
  };
  let question: unknown;
  if (type === "text") {
    const accepted = splitList(answer, /[|｜]/);
    if (accepted.length === 0) return m.textAnswerMissing();
    question = {
      ...base,
      type: "text",
      config: {},
      scoring: { mode: "text", points, accepted, match: "exact", ignoreCase: true, ignoreSpaces: true },
    };
  } else {
    const labels =
      type === "trueFalse" ? ["对", "错"] : splitList(optionsText, /\r?\n|[|｜]/).map(optionLabel);
    if (labels.length < 2) return m.tooFewOptions(bankTypeNames[type], labels.length);
    if (labels.length > 26) return m.tooManyOptions(labels.length);
    const picked = pickedOptions(answer, labels, type);
    if (typeof picked === "string") return picked;
    const options = labels.map((label, i) => ({
      id: type === "trueFalse" ? (i === 0 ? "true" : "false") : `o${i + 1}`,
      label,
      ...(picked.includes(i) ? { correct: true } : {}),
    }));
    question = {
      ...base,
      type,
      config: { options },
      scoring: { mode: type === "multiple" ? "allOrNothing" : "single", points },
    };
  }
  const checked = checkBankQuestion(question);
  if (!checked.ok) return checked.message;
  return { question: checked.question, tags, difficulty: (difficultyIndex + 1) as BankDifficulty };
}

/**
 * The sheet's data rows (the header row left out) to bank questions. All or nothing: one bad row and the
 * caller imports none, showing every row's error. Blank rows are skipped.
 */
export function parseBankRows(
  rows: readonly (readonly string[])[],
  newId: (index: number) => string,
): { questions: BankQuestion[]; errors: BankRowError[] } {
  const questions: BankQuestion[] = [];
  const errors: BankRowError[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === "")) return;
    const result = rowToQuestion(cells, newId(index));
    if (typeof result === "string") errors.push({ row: index + 2, message: result });
    else questions.push(result);
  });
  if (questions.length === 0 && errors.length === 0) errors.push({ row: 2, message: m.noRows() });
  return errors.length > 0 ? { questions: [], errors } : { questions, errors };
}

/**
 * A question as it stands alone in a bank, and wherever a bank question goes (a 随机组卷 paper, an exam's
 * designer): logic that names other questions — show logic, jumps, 选项关联, 引用选项 — is left out, since
 * those questions are not there (a paper may even hold another question under the same id).
 */
export function standaloneQuestion(question: Question): Question {
  const { showIf: _showIf, jumps: _jumps, selectConnect: _connect, optionSource: _source, ...own } = question;
  return own as Question;
}

/** A bank question as a sheet row, the inverse of `parseBankRows` for the four types it takes. */
export function bankQuestionToRow(item: BankQuestion): string[] | null {
  const { question, tags, difficulty } = item;
  const type = question.type as string;
  if (!(type in bankTypeNames) || !question.scoring || !("points" in question.scoring)) return null;
  const common = [
    String(question.scoring.points),
    question.explanation ?? "",
    tags.join(","),
    bankDifficulties[difficulty - 1] ?? "简单",
  ];
  const title = richTextToPlain(question.title);
  const typeName = bankTypeNames[type as BankType];
  if (question.scoring.mode === "text") {
    return [title, typeName, "", question.scoring.accepted.join("|"), ...common];
  }
  const options = (question.config as { options?: { label: string; correct?: boolean }[] }).options ?? [];
  if (type === "trueFalse") {
    return [title, typeName, "", options[0]?.correct ? "对" : "错", ...common];
  }
  const letterList = options.map((option, i) => (option.correct ? letters[i] : "")).join("");
  return [
    title,
    typeName,
    options.map((option, i) => `${letters[i]}. ${richTextToPlain(option.label)}`).join("|"),
    letterList,
    ...common,
  ];
}

/** What the bank drawer filters on: a tag, a difficulty, words in the title, options or explanation. */
export interface BankQuestionFilter {
  tag?: string;
  difficulty?: BankDifficulty;
  keyword?: string;
}

export function matchesBankFilter(item: BankQuestion, filter: BankQuestionFilter): boolean {
  if (filter.tag && !item.tags.includes(filter.tag)) return false;
  if (filter.difficulty && item.difficulty !== filter.difficulty) return false;
  const keyword = filter.keyword?.trim().toLowerCase();
  if (!keyword) return true;
  const { question } = item;
  const options = (question.config as { options?: { label: string }[] }).options ?? [];
  const accepted = question.scoring?.mode === "text" ? question.scoring.accepted : [];
  const texts = [question.title, question.explanation ?? "", ...options.map((o) => o.label), ...accepted];
  return texts.some((text) => richTextToPlain(text).toLowerCase().includes(keyword));
}
