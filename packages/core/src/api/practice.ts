import type { SurveyDefinition } from "../survey/definition/definition.ts";
import { richTextToPlain } from "../survey/definition/rich-text.ts";

/**
 * 刷题 (the seed's doing-exercises screen): an exam the creator shares for practice is answered one question at
 * a time, with the verdict, the correct answer and the 答案解析 right after each answer. Progress is kept per
 * account when logged in, otherwise per device.
 */
export const practiceModes = ["sequential", "random", "wrong"] as const;
export type PracticeMode = (typeof practiceModes)[number];
export const practiceModeNames: Record<PracticeMode, string> = {
  sequential: "顺序练习",
  random: "随机练习",
  wrong: "错题本",
};

/** What the practice screen shows of a question: never its answer key. */
export interface PracticeQuestion {
  id: string;
  /** Plain text: the practice screen does not render the designer's rich text. */
  title: string;
  /** `single`: pick one; `multiple`: pick all that apply; `text`: type the answer. */
  answerKind: "single" | "multiple" | "text";
  /** What the screen calls it: 单选题, 多选题, 判断题 (a 对/错 question answered by picking one) or 填空题. */
  typeLabel: string;
  options: { id: string; label: string }[];
}

/** Last verdict per question id, and the 错题本 (wrong ones not yet answered right since), in paper order. */
export interface PracticeProgress {
  answered: Record<string, boolean>;
  wrong: string[];
}

export interface PracticeSet {
  publicId: string;
  title: string;
  questions: PracticeQuestion[];
  progress: PracticeProgress;
}

export interface PracticeFeedback {
  correct: boolean;
  score: number;
  max: number;
  correctOptionIds: string[];
  /** Reference answers of a fill-in question (any one is right). */
  acceptedAnswers: string[];
  explanation: string;
  progress: PracticeProgress;
}

/**
 * A practice answer: the options picked, or the text typed. The server checks its shape (routes/exercise/schema.ts);
 * this file holds no schema, so the 刷题 page paints without zod.
 */
export interface PracticeAnswer {
  optionIds?: string[] | undefined;
  text?: string | undefined;
}

export const emptyPracticeProgress = (): PracticeProgress => ({ answered: {}, wrong: [] });

const choiceModes = new Set(["single", "allOrNothing", "partial", "partialNoWrong"]);
const multipleTypes = new Set(["multiple", "imageMultiple"]);
const singleTypes = new Set(["single", "imageSingle", "trueFalse", "dropdown"]);

/**
 * The questions practice can judge on the spot: choice questions scored by their correct options, and
 * one-line or multi-line fill-ins with reference answers. Essays (人工评分) and 按选项计分 have no right answer.
 */
export function practiceQuestionsOf(definition: SurveyDefinition): PracticeQuestion[] {
  const out: PracticeQuestion[] = [];
  for (const question of definition.pages.flatMap((page) => page.questions)) {
    const rule = question.scoring;
    if (!rule) continue;
    const options = (question.config as { options?: { id: string; label: string; correct?: boolean }[] })
      .options;
    const title = richTextToPlain(question.title);
    if (rule.mode === "text" && rule.accepted.length > 0) {
      out.push({ id: question.id, title, answerKind: "text", typeLabel: "填空题", options: [] });
    } else if (choiceModes.has(rule.mode) && Array.isArray(options) && options.some((o) => o.correct)) {
      const answerKind = multipleTypes.has(question.type)
        ? "multiple"
        : singleTypes.has(question.type)
          ? "single"
          : null;
      if (!answerKind) continue;
      out.push({
        id: question.id,
        title,
        answerKind,
        typeLabel: question.type === "trueFalse" ? "判断题" : answerKind === "multiple" ? "多选题" : "单选题",
        options: options.map((o) => ({ id: o.id, label: richTextToPlain(o.label) })),
      });
    }
  }
  return out;
}

/** Fisher–Yates with an injected source, so tests and the page can seed it. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The order a round of `mode` asks the questions in. */
export function practiceOrder(
  mode: PracticeMode,
  questionIds: readonly string[],
  progress: PracticeProgress,
  random: () => number = Math.random,
): string[] {
  switch (mode) {
    case "sequential":
      return [...questionIds];
    case "random":
      return shuffled(questionIds, random);
    case "wrong": {
      const wrong = new Set(progress.wrong);
      return questionIds.filter((id) => wrong.has(id));
    }
  }
}

/**
 * Progress after one verdict: a wrong answer enters the 错题本, a right one takes the question out of it.
 * Ids no longer in the paper are dropped, and the book keeps the paper's order.
 */
export function recordPracticeResult(
  progress: PracticeProgress,
  questionId: string,
  correct: boolean,
  paperOrder: readonly string[],
): PracticeProgress {
  const known = new Set(paperOrder);
  const wrong = new Set(progress.wrong.filter((id) => known.has(id)));
  if (correct) wrong.delete(questionId);
  else wrong.add(questionId);
  const answered = Object.fromEntries(Object.entries(progress.answered).filter(([id]) => known.has(id)));
  answered[questionId] = correct;
  return { answered, wrong: paperOrder.filter((id) => wrong.has(id)) };
}
