import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ProductConfig, Question } from "@wjgj/core";
import { afterEach, describe, expect, it } from "vitest";
import { findQuestion } from "../../store/definition-ops.ts";
import { editorStore } from "../../store/use-editor.ts";
import { definitionOf, detailOf } from "../../testing/fixtures.ts";
import { ProductPreview } from "../canvas/previews/product-preview.tsx";
import { QuestionSettings } from "./question-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const config: ProductConfig = {
  items: [
    {
      id: "tee",
      name: "文化衫",
      priceFen: 3900,
      variants: [{ name: "尺码", values: ["S", "M", "L"] }],
      stock: 50,
    },
    { id: "badge", name: "徽章", priceFen: 500, variants: [] },
  ],
  showStock: true,
};
const question = { id: "buy", type: "product", title: "购买周边", required: true, config } as Question;

function open() {
  editorStore.getState().load(detailOf(definitionOf([question])));
  editorStore.getState().select("buy");
  render(<QuestionSettings />);
  return screen.getByTestId("product-settings");
}

const stored = () => {
  const draft = editorStore.getState().draft;
  return (draft && (findQuestion(draft, "buy")?.config as ProductConfig)) as ProductConfig;
};

const alerts = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole("alert")
    .map((alert) => alert.textContent);

describe("商品 settings", { timeout: 30_000 }, () => {
  it("shows each product with its price in 元 and its options", () => {
    const panel = open();
    expect(within(panel).getAllByTestId("product-item")).toHaveLength(2);
    expect((within(panel).getByLabelText("第1个商品的名称") as HTMLInputElement).value).toBe("文化衫");
    expect((within(panel).getByLabelText("第1个商品的价格") as HTMLInputElement).value).toBe("39.00");
    expect((within(panel).getByLabelText("第2个商品的价格") as HTMLInputElement).value).toBe("5.00");
    expect((within(panel).getByLabelText("第1个商品的库存") as HTMLInputElement).value).toBe("50");
    expect((within(panel).getByLabelText("第2个商品的库存") as HTMLInputElement).placeholder).toBe("不限");
    expect((within(panel).getByLabelText("第1个商品的第1个规格名称") as HTMLInputElement).value).toBe("尺码");
    expect(panel.textContent).toContain("S");
    expect(alerts(panel)).toEqual([]);
  });

  it("stores a price typed in 元 as fen, keeping the text while it is typed", () => {
    const panel = open();
    const price = within(panel).getByLabelText("第1个商品的价格") as HTMLInputElement;
    fireEvent.change(price, { target: { value: "12." } });
    expect(price.value).toBe("12.");
    fireEvent.change(price, { target: { value: "12.5" } });
    expect(stored().items[0]?.priceFen).toBe(1250);
    expect(price.value).toBe("12.5");
    fireEvent.change(price, { target: { value: "¥0.99" } });
    expect(stored().items[0]?.priceFen).toBe(99);
  });

  it("says a price of 0 or none is refused, and a price that is no amount is not stored", () => {
    const panel = open();
    const price = within(panel).getByLabelText("第2个商品的价格") as HTMLInputElement;
    fireEvent.change(price, { target: { value: "0" } });
    expect(stored().items[1]?.priceFen).toBe(0);
    expect(alerts(panel)).toEqual(["「徽章」：商品价格必须大于 0 元"]);
    fireEvent.change(price, { target: { value: "" } });
    expect(alerts(panel)).toEqual(["「徽章」：商品价格必须大于 0 元"]);
    fireEvent.change(price, { target: { value: "8" } });
    expect(alerts(panel)).toEqual([]);
    fireEvent.change(price, { target: { value: "8.999" } });
    expect(stored().items[1]?.priceFen).toBe(800);
    expect(alerts(panel)).toEqual(["请填写正确的金额，最多两位小数，如 39.90"]);
  });

  it("follows 撤销 back to the stored price", () => {
    const panel = open();
    const price = within(panel).getByLabelText("第2个商品的价格") as HTMLInputElement;
    fireEvent.change(price, { target: { value: "6" } });
    expect(stored().items[1]?.priceFen).toBe(600);
    act(() => editorStore.getState().undo());
    expect(stored().items[1]?.priceFen).toBe(500);
    expect(price.value).toBe("5.00");
  });

  it("adds an option that asks for its values, and takes values typed with separators", () => {
    const panel = open();
    fireEvent.click(within(panel).getByLabelText("为第2个商品添加规格"));
    expect(stored().items[1]?.variants).toEqual([{ name: "尺码", values: [] }]);
    expect(alerts(panel)).toEqual(["「徽章」的规格「尺码」没有可选值，请添加或删除该规格"]);
    const values = within(panel).getByLabelText("第2个商品的第1个规格的可选值");
    fireEvent.change(values, { target: { value: "金/银/" } });
    expect(stored().items[1]?.variants?.[0]?.values).toEqual(["金", "银"]);
    expect(alerts(panel)).toEqual([]);
    fireEvent.change(within(panel).getByLabelText("第2个商品的第1个规格名称"), { target: { value: "颜色" } });
    expect(stored().items[1]?.variants?.[0]?.name).toBe("颜色");
    fireEvent.click(within(panel).getByLabelText("删除第2个商品的第1个规格"));
    expect(stored().items[1]?.variants).toEqual([]);
  });

  it("names a duplicate product and an empty one beside their names", () => {
    const panel = open();
    fireEvent.change(within(panel).getByLabelText("第2个商品的名称"), { target: { value: "文化衫" } });
    expect(alerts(panel)).toEqual(["商品名称「文化衫」重复，请改成不同的名称"]);
    fireEvent.change(within(panel).getByLabelText("第2个商品的名称"), { target: { value: "" } });
    expect(alerts(panel)).toEqual(["请填写商品名称"]);
  });

  it("adds, moves and deletes products", () => {
    const panel = open();
    fireEvent.click(within(panel).getByText("添加商品"));
    expect(stored().items.map((item) => item.id)).toEqual(["tee", "badge", "p3"]);
    expect(stored().items[2]).toEqual({ id: "p3", name: "商品3", priceFen: 100, variants: [] });
    fireEvent.click(within(panel).getByLabelText("上移第3个商品"));
    expect(stored().items.map((item) => item.id)).toEqual(["tee", "p3", "badge"]);
    fireEvent.click(within(panel).getByLabelText("下移第1个商品"));
    expect(stored().items.map((item) => item.id)).toEqual(["p3", "tee", "badge"]);
    expect((within(panel).getByLabelText("上移第1个商品") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByLabelText("删除第2个商品"));
    expect(stored().items.map((item) => item.id)).toEqual(["p3", "badge"]);
    fireEvent.click(within(panel).getByLabelText("删除第1个商品"));
    fireEvent.click(within(panel).getByLabelText("删除第1个商品"));
    expect(alerts(panel)).toEqual(["请至少添加一个商品"]);
  });

  it("keeps stock and the per-person limit blank for 不限", () => {
    const panel = open();
    const stock = within(panel).getByLabelText("第1个商品的库存");
    fireEvent.change(stock, { target: { value: "" } });
    expect("stock" in (stored().items[0] ?? {})).toBe(false);
    const limit = within(panel).getByLabelText("第2个商品的每人限购");
    fireEvent.change(limit, { target: { value: "2" } });
    expect(stored().items[1]?.perPerson).toBe(2);
    fireEvent.change(limit, { target: { value: "0" } });
    expect(alerts(panel)).toEqual(["每人限购至少 1 件；不限购请留空"]);
  });

  it("stores 起购金额 in fen, refuses 0 and clears it when blank", () => {
    const panel = open();
    const min = within(panel).getByLabelText("起购金额");
    fireEvent.change(min, { target: { value: "50" } });
    expect(stored().minTotalFen).toBe(5000);
    fireEvent.change(min, { target: { value: "0" } });
    expect(stored().minTotalFen).toBe(5000);
    expect(alerts(panel)).toEqual(["起购金额需大于 0 元；不设起购金额请留空"]);
    fireEvent.change(min, { target: { value: "" } });
    expect("minTotalFen" in stored()).toBe(false);
  });

  it("turns 显示剩余库存 off", () => {
    const panel = open();
    fireEvent.click(within(panel).getByLabelText("显示剩余库存"));
    expect(stored().showStock).toBe(false);
  });
});

describe("商品 on the canvas", () => {
  it("shows each product with its price, a stepper at 0 and 合计 ¥0.00", () => {
    const { container } = render(<ProductPreview question={question as Question & { type: "product" }} />);
    const items = [...container.querySelectorAll(".dd-pd-preview__item")].map((item) => item.textContent);
    expect(items).toEqual(["文化衫尺码：S/M/L¥39.00剩余 50 件−0+", "徽章¥5.00−0+"]);
    expect(container.querySelector(".dd-pd-preview__total")?.textContent).toBe("合计 ¥0.00");
  });
});
