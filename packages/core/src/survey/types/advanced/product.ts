import { z } from "zod";
import {
  answerIssues,
  orderLines,
  type ProductAnswer,
  productAnswerSchema,
  productLineText,
  productQuestionConfigSchema,
} from "../../../api/form-products.ts";
import { fenToYuan } from "../../../api/money.ts";
import { error } from "../../shared/issue.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

/**
 * 商品 (issue #41): the respondent picks products of the creator's list (api/form-products.ts) with their
 * options and quantities; the answer page shows the running total, priced by the same `orderLines` the server
 * prices the order with. Stock and the per-person limit across orders are the server's (commands/form-orders);
 * a response that buys is accepted once its order is paid. For statistics it is a multiple choice of products.
 */
const configSchema = productQuestionConfigSchema.and(
  z.object({
    /** The answer page shows how many of each product are left. */
    showStock: z.boolean().default(true),
  }),
);
export type ProductConfig = z.output<typeof configSchema>;
export type { ProductAnswer };

/** 「文化衫（尺码：M）×2，徽章×1」: the answer in one line, as lists and exports show it. */
export function productAnswerText(config: ProductConfig, answer: ProductAnswer): string {
  const names = new Map(config.items.map((item) => [item.id, item.name]));
  return answer.lines
    .map((line) => productLineText({ ...line, name: names.get(line.itemId) ?? line.itemId }))
    .join("，");
}

export const productType = defineQuestionType({
  type: "product",
  name: questionTypeNames.product,
  group: "advanced",
  configSchema,
  answerSchema: productAnswerSchema,
  answerable: true,
  valueType: "string",
  // `$q.total`: the order's total in 元 (a number), e.g. to show a note above a sum.
  valueTypeOf: (_config, key) => (key === undefined ? "string" : key === "total" ? "number" : undefined),
  scoringModes: [],
  defaults: () => ({
    items: [{ id: "p1", name: "商品1", priceFen: 100, variants: [] }],
    showStock: true,
  }),
  isEmpty: (answer) => answer.lines.length === 0,
  validate: (config, answer) =>
    answerIssues(config, answer).map((found) => error(found.code, found.message, found.path.split("."))),
  toText: (config, answer) => {
    const priced = orderLines(config, answer);
    const text = productAnswerText(config, answer);
    return priced.ok ? `${text}；合计 ¥${fenToYuan(priced.totalFen)}` : text;
  },
  toValue: (config, answer, _options, key) => {
    if (key === "total") {
      const priced = orderLines(config, answer);
      return priced.ok ? priced.totalFen / 100 : 0;
    }
    return productAnswerText(config, answer);
  },
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (_config, state, answer) => addChoice(state, [...new Set(answer.lines.map((line) => line.itemId))]),
    merge: mergeChoice,
  },
});
