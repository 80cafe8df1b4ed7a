import { describe, expect, it } from "vitest";
import { productLineText } from "../../../api/form-products.ts";
import { questionFacts } from "../../../results/facts.ts";
import type { Question } from "../../definition/question.ts";
import { buildSurvey } from "../../testing/build.ts";
import { checkDefinition } from "../../validate/check-definition.ts";
import { productAnswerText, productType } from "./product.ts";

const config = productType.configSchema.parse({
  items: [
    { id: "tee", name: "文化衫", priceFen: 3500, variants: [{ name: "尺码", values: ["M", "L"] }] },
    { id: "pin", name: "徽章", priceFen: 500 },
  ],
});
const answer = {
  lines: [
    { itemId: "tee", variant: { 尺码: "M" }, quantity: 1 },
    { itemId: "tee", variant: { 尺码: "L" }, quantity: 1 },
    { itemId: "pin", quantity: 3 },
  ],
};

describe("the 商品 question type", () => {
  it("reads as one line with its total, and its value by key", () => {
    expect(productAnswerText(config, answer)).toBe("文化衫（尺码：M）×1，文化衫（尺码：L）×1，徽章×3");
    expect(productType.toText(config, answer, [])).toBe(
      "文化衫（尺码：M）×1，文化衫（尺码：L）×1，徽章×3；合计 ¥85.00",
    );
    expect(productType.toValue(config, answer, [], "total")).toBe(85);
    expect(productType.valueTypeOf?.(config, "total")).toBe("number");
  });

  it("writes an order's line as 名称（规格）×数量", () => {
    expect(productLineText({ name: "文化衫", variant: { 尺码: "M", 颜色: "白" }, quantity: 2 })).toBe(
      "文化衫（尺码：M，颜色：白）×2",
    );
    expect(productLineText({ name: "徽章", quantity: 1 })).toBe("徽章×1");
  });

  it("counts each product once per response, however many lines buy it", () => {
    const question = { id: "shop", type: "product", title: "周边", config } as Question;
    expect(questionFacts(question, answer).map((fact) => fact.key)).toEqual([
      "answered:shop",
      "option:shop:tee",
      "option:shop:pin",
    ]);
  });

  it("is one per questionnaire: a second 商品题 is reported where it is", () => {
    const shop = (id: string) => ({ id, type: "product", title: id, config });
    const definition = buildSurvey([shop("a"), shop("b")] as Question[]);
    expect(
      checkDefinition(definition).map((issue) => [issue.code, issue.path.join("."), issue.message]),
    ).toEqual([
      ["productQuestionTwice", "pages.0.questions.1", "一份问卷最多添加一道商品题，请把商品合并到同一题中"],
    ]);
  });
});
