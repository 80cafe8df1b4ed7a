import {
  answerSorts,
  conditionSchema,
  messages,
  responseSources,
  responseStatuses,
  reviewStates,
} from "@wjgj/core";
import { z } from "zod";
import {
  blankAsAbsent,
  booleanParam,
  enumParam,
  idParam,
  intFromText,
  jsonObjectParam,
  pageNumParam,
  pageSizeParam,
  textParam,
} from "../../http/params.ts";
import { codeFilterSchema, exportFilterSchema } from "../export/schema.ts";

const dateParam = z
  .string({ error: messages.filterDateInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, messages.filterDateInvalid);

/** 筛选: an object, or the same as JSON text (query strings and forms carry only text). */
const filterSchema = z.object(
  {
    condition: conditionSchema.optional(),
    codes: codeFilterSchema.optional(),
    dateFrom: blankAsAbsent(dateParam),
    dateTo: blankAsAbsent(dateParam),
    source: blankAsAbsent(enumParam(responseSources, "filterSourceInvalid")),
    review: blankAsAbsent(enumParam(reviewStates, "reviewStateInvalid")),
  },
  { error: messages.filterInvalid },
);

export const filterParam = blankAsAbsent(jsonObjectParam(filterSchema)).transform((filter) => filter ?? {});

export const questionIdParam = z
  .string({ error: messages.resultQuestionInvalid })
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, messages.resultQuestionInvalid);

/** A list that may come as an array, as JSON text or as comma-separated text (forms). */
function listParam<T extends z.ZodType>(
  item: T,
  min: number,
  max: number,
  key: "responseIdsInvalid" | "crossRowsInvalid",
) {
  return z.preprocess(
    (value) => {
      if (typeof value === "number") return [value];
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text.startsWith("[")) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return undefined;
        }
      }
      return text === "" ? [] : text.split(",").map((part) => part.trim());
    },
    z.array(item, { error: messages[key] }).min(min, messages[key]).max(max, messages[key]),
  );
}

export const filterInput = z.object({ id: idParam, filter: filterParam });

export const overviewInput = z.object({
  id: idParam,
  days: intFromText("statisticsDaysInvalid", 1, 366).default(30),
});

export const idOnlyInput = z.object({ id: idParam });

export const textAnswersInput = z.object({
  id: idParam,
  questionId: questionIdParam,
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 100 })),
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  filter: filterParam,
});

/** A question, one row of a matrix as `<question>.<row>`, or an open question's 编码 as `codes:<question>`. */
const crossAxisParam = z
  .string({ error: messages.resultQuestionInvalid })
  .regex(
    /^(codes:)?[A-Za-z_][A-Za-z0-9_-]{0,63}(\.[A-Za-z_][A-Za-z0-9_-]{0,63})?$/,
    messages.resultQuestionInvalid,
  );

export const crossInput = z.object({
  id: idParam,
  rowQuestionIds: listParam(crossAxisParam, 1, 5, "crossRowsInvalid"),
  columnQuestionId: crossAxisParam,
  filter: filterParam,
});

export const examReportInput = z.object({
  id: idParam,
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  filter: filterParam,
});

export const answerListInput = z.object({
  id: idParam,
  pageNum: pageNumParam,
  pageSize: pageSizeParam,
  sort: blankAsAbsent(enumParam(answerSorts, "answerSortInvalid")).transform((sort) => sort ?? "timeDesc"),
  status: blankAsAbsent(enumParam(responseStatuses, "responseStatusInvalid")).transform(
    (status) => status ?? "valid",
  ),
  filter: filterParam,
});

export const answerDetailInput = z.object({
  id: idParam,
  responseId: idParam,
  sort: blankAsAbsent(enumParam(answerSorts, "answerSortInvalid")).transform((sort) => sort ?? "timeDesc"),
  status: blankAsAbsent(enumParam(responseStatuses, "responseStatusInvalid")),
  filter: filterParam,
});

/** One response of one questionnaire (成绩单, 查看完整信息). */
export const reportCardInput = z.object({ id: idParam, responseId: idParam });

export const answerStatusInput = z.object({
  id: idParam,
  responseIds: listParam(idParam, 1, 500, "responseIdsInvalid"),
});

const gradeSchema = z.object(
  {
    questionId: questionIdParam,
    score: z
      .number({ error: messages.gradeOutOfRange })
      .finite(messages.gradeOutOfRange)
      .min(0, messages.gradeOutOfRange),
  },
  { error: messages.gradesInvalid },
);

export const gradeInput = z.object({
  id: idParam,
  responseId: idParam,
  grades: z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    },
    z
      .array(gradeSchema, { error: messages.gradesInvalid })
      .min(1, messages.gradesInvalid)
      .max(200, messages.gradesInvalid),
  ),
});

// 统计分析 (issue #34) ---------------------------------------------------------------------------------------

/** A variable as the SPSS export names it (Q3, Q5_1, Q6_A, score), or a multi-select question's id (a set). */
const variableName = z
  .string({ error: messages.analysisVariableInvalid })
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, messages.analysisVariableInvalid);

/** At most 30 variables per analysis: a 30 × 30 correlation matrix is already more than a page shows. */
const ANALYSIS_MAX_VARIABLES = 30;

const variableList = (min: number) =>
  z
    .array(variableName, { error: messages.analysisVariablesInvalid })
    .min(min, messages.analysisVariablesInvalid)
    .max(ANALYSIS_MAX_VARIABLES, messages.analysisVariablesInvalid);

const code = z.number({ error: messages.analysisGroupsInvalid }).int(messages.analysisGroupsInvalid);

const grouped = { test: variableList(1), group: variableName };

const analysisRequest = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("descriptives"), variables: variableList(1) }),
    z.object({ method: z.literal("crosstab"), row: variableName, column: variableName }),
    ...(["independentT", "mannWhitney"] as const).map((method) =>
      z.object({
        method: z.literal(method),
        ...grouped,
        groups: z.tuple([code, code], { error: messages.analysisGroupsInvalid }).optional(),
      }),
    ),
    z.object({
      method: z.literal("pairedT"),
      pairs: z
        .array(z.tuple([variableName, variableName], { error: messages.analysisPairsInvalid }), {
          error: messages.analysisPairsInvalid,
        })
        .min(1, messages.analysisPairsInvalid)
        .max(ANALYSIS_MAX_VARIABLES, messages.analysisPairsInvalid),
    }),
    z.object({
      method: z.literal("anova"),
      ...grouped,
      postHoc: z.enum(["tukey", "bonferroni"], { error: messages.analysisRequestInvalid }).default("tukey"),
    }),
    z.object({ method: z.literal("kruskalWallis"), ...grouped }),
    z.object({
      method: z.literal("correlation"),
      variables: variableList(2),
      kind: z.enum(["pearson", "spearman"], { error: messages.analysisRequestInvalid }).default("pearson"),
    }),
    z.object({
      method: z.literal("regression"),
      dependent: variableName,
      independents: variableList(1).max(ANALYSIS_MAX_VARIABLES - 1, messages.analysisVariablesInvalid),
    }),
    z.object({
      method: z.literal("logistic"),
      dependent: variableName,
      independents: variableList(1).max(ANALYSIS_MAX_VARIABLES - 1, messages.analysisVariablesInvalid),
    }),
    z.object({
      method: z.literal("reliability"),
      variables: variableList(2),
      reverse: variableList(0).default([]),
    }),
    z.object({
      method: z.literal("factor"),
      variables: variableList(2),
      factors: z
        .number({ error: messages.analysisFactorsInvalid })
        .int(messages.analysisFactorsInvalid)
        .min(1, messages.analysisFactorsInvalid)
        .max(ANALYSIS_MAX_VARIABLES - 1, messages.analysisFactorsInvalid)
        .optional(),
    }),
  ],
  { error: messages.analysisRequestInvalid },
);

export const analysisInput = z.object({
  id: idParam,
  filter: filterParam,
  weighted: blankAsAbsent(booleanParam("analysisWeightedInvalid")).transform((weighted) => weighted === true),
  request: jsonObjectParam(analysisRequest),
});

const weightingTarget = z.object(
  {
    value: z.number({ error: messages.weightingMarginsInvalid }).int(messages.weightingMarginsInvalid),
    percent: z
      .number({ error: messages.weightingMarginsInvalid })
      .min(0, messages.weightingMarginsInvalid)
      .max(100, messages.weightingMarginsInvalid),
  },
  { error: messages.weightingMarginsInvalid },
);

const weightingMargin = z.object(
  {
    variable: variableName,
    targets: z
      .array(weightingTarget, { error: messages.weightingMarginsInvalid })
      .min(2, messages.weightingMarginsInvalid)
      .max(100, messages.weightingMarginsInvalid),
  },
  { error: messages.weightingMarginsInvalid },
);

/** Margins: an array, or the same as JSON text (forms). At most 5 variables: their cells multiply. */
export const saveWeightingInput = z.object({
  id: idParam,
  margins: jsonObjectParam(
    z
      .array(weightingMargin, { error: messages.weightingMarginsInvalid })
      .min(1, messages.weightingMarginsInvalid)
      .max(5, messages.weightingMarginsInvalid),
  ),
});

export const wordFrequenciesInput = z.object({
  id: idParam,
  questionId: questionIdParam,
  top: blankAsAbsent(intFromText("wordTopInvalid", 10, 500)),
  filter: filterParam,
});

/** A dictionary list: text with one word per line, or the words as an array (checked by the command). */
const dictionaryListParam = z.union(
  [
    z.string().max(200_000, messages.textDictionaryTooMany),
    z
      .array(z.string(), { error: messages.textDictionaryInvalid })
      .max(10_000, messages.textDictionaryTooMany),
  ],
  { error: messages.textDictionaryInvalid },
);

export const saveTextDictionaryInput = z.object({
  id: idParam,
  words: dictionaryListParam.default(""),
  stopWords: dictionaryListParam.default(""),
});

export const textCodesInput = z.object({ id: idParam, questionId: questionIdParam, filter: filterParam });

/** Keywords: text with one per line, or an array (checked by the command). */
const keywordsParam = z.union(
  [
    z.string().max(10_000, messages.textCodeKeywordsInvalid),
    z
      .array(z.string(), { error: messages.textCodeKeywordsInvalid })
      .max(1000, messages.textCodeKeywordsInvalid),
  ],
  { error: messages.textCodeKeywordsInvalid },
);

export const saveTextCodeInput = z.object({
  id: idParam,
  questionId: questionIdParam,
  codeId: blankAsAbsent(idParam),
  name: z.string({ error: messages.textCodeNameInvalid }).max(200, messages.textCodeNameInvalid),
  keywords: keywordsParam.default(""),
});

export const textCodeInput = z.object({ id: idParam, codeId: idParam });

export const tagTextAnswerInput = z.object({
  id: idParam,
  codeId: idParam,
  responseId: idParam,
  included: booleanParam("textCodeTagInvalid"),
});

/** 数据报告 link: on or off, its password ("" removes it; absent keeps it), the sections and 筛选 it shows. */
export const saveReportShareInput = z.object({
  id: idParam,
  enabled: booleanParam("reportShareInvalid"),
  password: z
    .string({ error: messages.reportSharePasswordInvalid })
    .max(100, messages.reportSharePasswordInvalid)
    .optional(),
  filter: blankAsAbsent(jsonObjectParam(exportFilterSchema)),
  renew: blankAsAbsent(booleanParam("reportShareInvalid")),
});

/** 固定到报告: the 交叉分析 (as getCrossAnalysis takes it) or the 统计分析 (as getAnalysis takes it) to pin. */
export const pinToReportInput = z.discriminatedUnion(
  "kind",
  [crossInput.extend({ kind: z.literal("cross") }), analysisInput.extend({ kind: z.literal("analysis") })],
  { error: messages.reportPinInvalid },
);

export const reportPinInput = z.object({ id: idParam, pinId: idParam });
