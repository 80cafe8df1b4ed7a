import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { QuestionOfType } from "@wjgj/core/survey/index";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FieldContext } from "../field-types.ts";
import { ProductField } from "./product-field.tsx";
import { STOCK_REFRESH_MS } from "./use-stock.ts";

function productQuestion(extra: Record<string, unknown> = {}) {
  return buildSurvey([
    {
      id: "goods",
      type: "product",
      title: "报名商品",
      config: {
        items: [
          {
            id: "shirt",
            name: "文化衫",
            image: "/img/shirt.png",
            priceFen: 5900,
            variants: [{ name: "尺码", values: ["S", "M", "L"] }],
            stock: 10,
            perPerson: 2,
          },
          { id: "badge", name: "徽章", priceFen: 1000 },
        ],
        showStock: true,
        ...extra,
      },
    },
  ]).pages[0]?.questions[0] as QuestionOfType<"product">;
}

const preview: FieldContext = { publicId: "", answerToken: "", preview: true };
const published: FieldContext = { publicId: "pub1", answerToken: "t", preview: false };

/** The field as the page holds it: its answer kept in state, every change recorded. */
function Harness(props: { question: QuestionOfType<"product">; context: FieldContext; seen: unknown[] }) {
  const [value, setValue] = useState<unknown>(undefined);
  return (
    <ProductField
      question={props.question}
      value={value}
      options={[]}
      onChange={(next) => {
        props.seen.push(next);
        setValue(next);
      }}
      context={props.context}
    />
  );
}

const card = (name: string) =>
  screen.getAllByTestId("product-card").find((item) => item.textContent?.includes(name)) as HTMLElement;
const plus = (name: string) => screen.getByRole("button", { name: `增加 ${name} 数量` }) as HTMLButtonElement;
const minus = (name: string) =>
  screen.getByRole("button", { name: `减少 ${name} 数量` }) as HTMLButtonElement;

afterEach(() => {
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ProductField", () => {
  it("builds one line per product and option from the chips and the stepper, with the running total", async () => {
    const seen: unknown[] = [];
    render(<Harness question={productQuestion()} context={preview} seen={seen} />);
    const shirt = card("文化衫");
    const picture = within(shirt).getByRole("img", { name: "文化衫" });
    expect(picture.getAttribute("loading")).toBe("lazy");
    expect(shirt.textContent).toContain("¥59.00");
    expect(screen.getByTestId("product-total").textContent).toBe("合计 ¥0.00");
    // No size yet: nothing to add, and it says why.
    expect(plus("文化衫").disabled).toBe(true);
    expect(shirt.textContent).toContain("请先选择尺码");

    const sizes = within(shirt).getByRole("radiogroup", { name: "尺码" });
    fireEvent.click(within(sizes).getByRole("radio", { name: "M" }));
    fireEvent.click(plus("文化衫"));
    fireEvent.click(within(sizes).getByRole("radio", { name: "L" }));
    // L has its own line, at 0 until added.
    expect((screen.getByRole("textbox", { name: "文化衫 数量" }) as HTMLInputElement).value).toBe("0");
    fireEvent.click(plus("文化衫"));
    fireEvent.click(plus("徽章"));
    fireEvent.click(plus("徽章"));
    expect(seen.at(-1)).toEqual({
      lines: [
        { itemId: "shirt", variant: { 尺码: "M" }, quantity: 1 },
        { itemId: "shirt", variant: { 尺码: "L" }, quantity: 1 },
        { itemId: "badge", quantity: 2 },
      ],
    });
    // Pricing loads core's form-products (and zod) on first use: seconds on a loaded machine.
    expect(await screen.findByText("合计 ¥138.00", {}, { timeout: 15_000 })).toBeTruthy();
    expect(within(shirt).getByRole("list", { name: "已选 文化衫" }).textContent).toContain("尺码：M ×1");

    // Down to 0 removes the line; a typed number is the quantity.
    fireEvent.click(minus("徽章"));
    fireEvent.click(minus("徽章"));
    expect(minus("徽章").disabled).toBe(true);
    fireEvent.input(screen.getByRole("textbox", { name: "徽章 数量" }), { target: { value: "3" } });
    expect(seen.at(-1)).toEqual({
      lines: [
        { itemId: "shirt", variant: { 尺码: "M" }, quantity: 1 },
        { itemId: "shirt", variant: { 尺码: "L" }, quantity: 1 },
        { itemId: "badge", quantity: 3 },
      ],
    });
    expect(await screen.findByText("合计 ¥148.00")).toBeTruthy();
  });

  it("stops + at the per-person limit across the product's options, and says so", async () => {
    const seen: unknown[] = [];
    render(<Harness question={productQuestion()} context={preview} seen={seen} />);
    const sizes = within(card("文化衫")).getByRole("radiogroup", { name: "尺码" });
    fireEvent.click(within(sizes).getByRole("radio", { name: "S" }));
    fireEvent.click(plus("文化衫"));
    fireEvent.click(plus("文化衫"));
    expect(plus("文化衫").disabled).toBe(true);
    expect(card("文化衫").textContent).toContain("每人限购 2 件");
    // Another size shares the limit: nothing more to add there either.
    fireEvent.click(within(sizes).getByRole("radio", { name: "M" }));
    expect(plus("文化衫").disabled).toBe(true);
    // A typed number above the limit is kept at it.
    fireEvent.click(within(sizes).getByRole("radio", { name: "S" }));
    fireEvent.input(screen.getByRole("textbox", { name: "文化衫 数量" }), { target: { value: "9" } });
    expect((screen.getByRole("textbox", { name: "文化衫 数量" }) as HTMLInputElement).value).toBe("2");
    expect(seen.at(-1)).toEqual({ lines: [{ itemId: "shirt", variant: { 尺码: "S" }, quantity: 2 }] });
  });

  it("shows core's message instead of the total when the order is below 起购金额", async () => {
    render(<Harness question={productQuestion({ minTotalFen: 10_000 })} context={preview} seen={[]} />);
    expect(screen.getByText("起购金额 ¥100.00")).toBeTruthy();
    fireEvent.click(plus("徽章"));
    expect(await screen.findByText("订单金额未达到起购金额 100.00 元")).toBeTruthy();
    expect(screen.getByTestId("product-total").className).toContain("is-warn");
  });

  it("reads the live stock, marks a sold-out product and refreshes every 30 s", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        const badge = calls.length === 1 ? 5 : 4;
        return new Response(
          JSON.stringify({
            code: 200,
            msg: "",
            data: {
              items: [
                { itemId: "shirt", left: 0 },
                { itemId: "badge", left: badge },
              ],
            },
          }),
        );
      }),
    );
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    render(<Harness question={productQuestion()} context={published} seen={[]} />);
    expect(await screen.findByText("已售罄")).toBeTruthy();
    expect(calls[0]).toBe("/wjgj/api/anQuestion/productStock?publicId=pub1&questionId=goods");
    expect(card("徽章").textContent).toContain("剩余 5 件");
    // Sold out: even with a size chosen, the stepper stays disabled.
    fireEvent.click(within(card("文化衫")).getByRole("radio", { name: "M" }));
    expect(plus("文化衫").disabled).toBe(true);
    expect(minus("文化衫").disabled).toBe(true);
    expect((screen.getByRole("textbox", { name: "文化衫 数量" }) as HTMLInputElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(STOCK_REFRESH_MS);
    });
    expect(await screen.findByText("剩余 4 件")).toBeTruthy();
    expect(calls).toHaveLength(2);
    // All that is left chosen: + stops and says why, without repeating the count beside it.
    for (let i = 0; i < 4; i++) fireEvent.click(plus("徽章"));
    expect(plus("徽章").disabled).toBe(true);
    expect(card("徽章").textContent).toContain("已选完剩余库存");
    expect(card("徽章").textContent?.match(/4 件/g)).toHaveLength(1);
  });

  it("asks the server nothing in a preview and shows the configured stock", () => {
    const spy = vi.fn();
    vi.stubGlobal("fetch", spy);
    render(<Harness question={productQuestion()} context={preview} seen={[]} />);
    expect(card("文化衫").textContent).toContain("剩余 10 件");
    expect(spy).not.toHaveBeenCalled();
  });
});
