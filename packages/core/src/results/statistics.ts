import { slotLabel } from "../api/bookings.ts";
import type { BlanksStatistics, QuestionStatistics, TextStatistics } from "../api/results.ts";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import { richTextToPlain } from "../survey/definition/rich-text.ts";
import { getQuestionType } from "../survey/types/registry.ts";
import {
  allocationStatistics,
  cascaderStatistics,
  choiceStatistics,
  rankingStatistics,
  regionStatistics,
  type StatisticsHeader,
} from "./choice-statistics.ts";
import { type CountTable, percent } from "./counts.ts";
import { scaleCategories } from "./scale-points.ts";
import {
  dateStatistics,
  matrixDropdownStatistics,
  matrixScaleStatistics,
  matrixStatistics,
  npsStatistics,
  numericStatistics,
  ratingStatistics,
} from "./scale-statistics.ts";

export interface StatisticsOptions {
  /** Province name of a GB/T 2260 code (the server owns the area list); the code itself by default. */
  areaName?: (code: string) => string;
}

function valuesOf(
  header: StatisticsHeader,
  counts: CountTable,
  prefix: string,
  label: (value: string) => string,
) {
  return counts
    .withPrefix(header.questionId, prefix)
    .map(([value, count]) => ({ value: label(value), count, percentage: percent(count, header.answered) }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

function listed(
  header: StatisticsHeader,
  family: TextStatistics["family"],
  values: TextStatistics["values"] = [],
): TextStatistics {
  return { ...header, family, values };
}

/**
 * One question's statistics from counter counts only (the unfiltered counters, or the same keys grouped over
 * a filtered set of facts). Layout items have none (null).
 */
export function questionStatistics(
  question: Question,
  counts: CountTable,
  number: number,
  options: StatisticsOptions = {},
): QuestionStatistics | null {
  const header: StatisticsHeader = {
    questionId: question.id,
    type: question.type,
    title: richTextToPlain(question.title).trim(),
    number,
    answered: counts.answered(question.id),
    skipped: counts.skipped(question.id),
  };
  const q = question.id;
  switch (question.type) {
    case "single":
    case "dropdown":
    case "imageSingle":
    case "trueFalse":
    case "voteSingle":
    case "appointment":
      return choiceStatistics(header, counts, question.config.options, false);
    case "booking": {
      // The slots booked, in time order, labelled as everywhere else (a schedule may have thousands).
      const keys = counts
        .withPrefix(q, `option:${q}:`)
        .map(([key]) => key)
        .sort();
      return choiceStatistics(
        header,
        counts,
        keys.map((key) => ({ id: key, label: slotLabel(key) })),
        false,
      );
    }
    case "multiple":
    case "imageMultiple":
    case "voteMultiple":
      return choiceStatistics(header, counts, question.config.options, true);
    case "product":
      return choiceStatistics(
        header,
        counts,
        question.config.items.map((item) => ({ id: item.id, label: item.name })),
        true,
      );
    case "cascader":
      return cascaderStatistics(header, counts, question.config.nodes);
    case "star":
    case "likert": {
      const scale = scaleCategories(question);
      return ratingStatistics(header, counts, scale.values, scale.label);
    }
    case "nps":
      return npsStatistics(header, counts, scaleCategories(question));
    case "number":
    case "slider":
      return numericStatistics(header, counts, question.config.unit ?? "");
    case "dateRange":
      return numericStatistics(header, counts, "天");
    case "date":
      return dateStatistics(header, counts);
    case "matrixSingle":
    case "matrixMultiple":
    case "matrixFill":
      return matrixStatistics(header, counts, question.config.rows, question.config.columns);
    case "matrixScale": {
      const scale = scaleCategories(question);
      return matrixScaleStatistics(header, counts, question.config.rows, scale.values, scale.label);
    }
    case "matrixDropdown":
      return matrixDropdownStatistics(header, counts, question.config.rows, question.config.columns);
    case "ranking":
      return rankingStatistics(header, counts, question.config.options);
    case "allocation":
      return allocationStatistics(header, counts, question.config.options);
    case "region":
      return regionStatistics(header, counts, options.areaName ?? ((code) => code));
    case "multiBlank":
    case "inlineBlank": {
      const blanks: BlanksStatistics["blanks"] = question.config.blanks.map((blank, index) => {
        const count = counts.get(`blank:${q}:${blank.id}`);
        return {
          blankId: blank.id,
          label: blank.label || `填空${index + 1}`,
          count,
          percentage: percent(count, header.answered),
        };
      });
      return { ...header, family: "blanks", blanks };
    }
    case "text":
    case "textarea":
      return listed(header, "text");
    case "personal":
      return listed(
        header,
        "text",
        valuesOf(header, counts, `value:${q}:`, (value) => value),
      );
    case "time":
      return listed(
        header,
        "text",
        valuesOf(header, counts, `value:${q}:`, (hour) => `${hour}时`),
      );
    case "table":
      return listed(header, "table");
    case "file":
      return listed(header, "file");
    case "signature":
      return listed(header, "signature");
    case "paragraph":
    case "divider":
    case "group":
      return null;
  }
}

/** Answerable questions in definition order with their 题号 (1-based among answerable ones). */
export function answerableQuestions(definition: SurveyDefinition): { question: Question; number: number }[] {
  const found: { question: Question; number: number }[] = [];
  for (const page of definition.pages) {
    for (const question of page.questions) {
      if (getQuestionType(question.type)?.answerable) found.push({ question, number: found.length + 1 });
    }
  }
  return found;
}

export function definitionStatistics(
  definition: SurveyDefinition,
  counts: CountTable,
  options: StatisticsOptions = {},
): QuestionStatistics[] {
  return answerableQuestions(definition).flatMap(({ question, number }) => {
    const statistics = questionStatistics(question, counts, number, options);
    return statistics ? [statistics] : [];
  });
}

/**
 * The keys whose counts add up to how many responses answered the question: its `answered:<q>` marker, or
 * the one fact every answer of the type has (a chosen option, a value, the first blank …). Filtered
 * statistics use this to count "answered" from the same GROUP BY key as everything else.
 */
export function answeredKeys(question: Question): { keys: string[]; prefix: string | null } {
  const q = question.id;
  switch (question.type) {
    case "single":
    case "dropdown":
    case "imageSingle":
    case "trueFalse":
    case "voteSingle":
    case "appointment":
    case "booking":
      return { keys: [], prefix: `option:${q}:` };
    case "cascader":
      return { keys: question.config.nodes.map((node) => `option:${q}:${node.id}`), prefix: null };
    case "star":
    case "nps":
    case "likert":
    case "number":
    case "slider":
    case "date":
    case "dateRange":
    case "table":
    case "file":
      return { keys: [], prefix: `num:${q}:` };
    case "allocation":
      return { keys: [], prefix: `num:${q}:${question.config.options[0]?.id ?? ""}:` };
    case "multiBlank":
    case "inlineBlank": {
      const first = question.config.blanks[0]?.id ?? "";
      return { keys: [`blank:${q}:${first}`, `text:${q}:${first}`], prefix: null };
    }
    case "time":
      return { keys: [], prefix: `value:${q}:` };
    case "text":
    case "textarea":
    case "personal":
      return { keys: [`text:${q}`], prefix: null };
    case "signature":
      return { keys: [`sign:${q}`], prefix: null };
    case "region":
      return { keys: [], prefix: `area:${q}:` };
    default:
      return { keys: [`answered:${q}`], prefix: null };
  }
}

/** `answered:<q>` for every answerable question, from per-key counts of a set of facts. */
export function answeredFromKeyCounts(
  definition: SurveyDefinition,
  counts: ReadonlyMap<string, number>,
): [string, number][] {
  const answered: [string, number][] = [];
  for (const { question } of answerableQuestions(definition)) {
    const { keys, prefix } = answeredKeys(question);
    let total = 0;
    for (const key of keys) total += counts.get(key) ?? 0;
    if (prefix !== null) for (const [key, count] of counts) if (key.startsWith(prefix)) total += count;
    answered.push([`answered:${question.id}`, total]);
  }
  return answered;
}
