import type { Question } from "../survey/definition/question.ts";
import { questionSchema } from "../survey/definition/question.ts";
import { richTextToPlain } from "../survey/definition/rich-text.ts";

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

/** One sheet row to a bank question, or the reason (in Chinese) it cannot be one. */
function rowToQuestion(cells: readonly string[], id: string): BankQuestion | string {
  const [title = "", typeName = "", optionsText = "", answer = "", scoreText = "", explanation = ""] = cells;
  const [, , , , , , tagsText = "", difficultyText = ""] = cells;
  if (!title.trim()) return "题目不能为空";
  if (title.length > 1000) return "题目不能超过1000个字";
  const type = typeOf(typeName.trim());
  if (!type) return `题型“${typeName}”无效，应为单选题、多选题、判断题或填空题`;
  const points = scoreText.trim() === "" ? 5 : Number(scoreText);
  if (!Number.isInteger(points) || points < 1 || points > 100) return "分值应为1-100的整数";
  const difficultyIndex =
    difficultyText.trim() === "" ? 1 : bankDifficulties.indexOf(difficultyText.trim() as never);
  if (difficultyIndex < 0) return "难度应为简单、中等或困难";
  const tags = [...new Set(splitList(tagsText, /[,，、;；]/))];
  if (tags.length > MAX_TAGS || tags.some((tag) => tag.length > 20)) return "标签最多10个，每个不超过20个字";
  const base = {
    id,
    title: title.trim(),
    ...(explanation.trim() ? { explanation: explanation.trim() } : {}),
  };
  let question: unknown;
  if (type === "text") {
    const accepted = splitList(answer, /[|｜]/);
    if (accepted.length === 0) return "填空题请填写答案，多个参考答案用 | 分隔";
    question = {
      ...base,
      type: "text",
      config: {},
      scoring: { mode: "text", points, accepted, match: "exact", ignoreCase: true, ignoreSpaces: true },
    };
  } else {
    const labels =
      type === "trueFalse" ? ["对", "错"] : splitList(optionsText, /\r?\n|[|｜]/).map(optionLabel);
    if (type !== "trueFalse" && (labels.length < 2 || labels.length > 26))
      return "选项需要2-26个，用 | 或换行分隔";
    const key = answer.trim().toUpperCase();
    const picked =
      type === "trueFalse"
        ? [
            ["对", "正确", "√", "A", "T", "TRUE"].includes(key)
              ? 0
              : ["错", "错误", "×", "B", "F", "FALSE"].includes(key)
                ? 1
                : -1,
          ]
        : [...new Set(key.replace(/[^A-Z]/g, "").split(""))].map((letter) => letters.indexOf(letter));
    if (picked.length === 0 || picked.some((i) => i < 0 || i >= labels.length)) {
      return type === "trueFalse" ? "判断题答案应为“对”或“错”" : "答案应为选项字母，如 A 或 AC";
    }
    if (type === "single" && picked.length !== 1) return "单选题只能有一个答案";
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
  const parsed = questionSchema.safeParse(question);
  if (!parsed.success) return "题目内容有误，请检查选项和答案";
  return { question: parsed.data, tags, difficulty: (difficultyIndex + 1) as BankDifficulty };
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
  if (questions.length === 0 && errors.length === 0) errors.push({ row: 2, message: "表格中没有题目" });
  return errors.length > 0 ? { questions: [], errors } : { questions, errors };
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
