import { TEXT_FACT_FAMILIES } from "../api/text-analysis.ts";
import { questionFacts } from "../results/facts.ts";
import type { Question } from "../survey/definition/question.ts";

const families = new Set<string>(TEXT_FACT_FAMILIES);

/** Whether a fact key holds an open text of its question (not a date range's start or end, say). */
export function isTextKey(key: string): boolean {
  const family = key.slice(0, key.indexOf(":"));
  return families.has(family) && !/^text:[^:]+:(start|end)$/.test(key);
}

/**
 * The open texts of one answer to `question` as its facts hold them — the answer itself, blanks, matrix cells,
 * 其他 texts — so what 编码 reads from an answer in an export is what 文本分析 read from the facts.
 */
export function answerTexts(question: Question, answer: unknown): string[] {
  if (answer === undefined || answer === null) return [];
  try {
    return questionFacts(question, answer).flatMap((fact) =>
      fact.text && isTextKey(fact.key) ? [fact.text] : [],
    );
  } catch {
    // An answer shaped by an older type of the question has no texts to read.
    return [];
  }
}
