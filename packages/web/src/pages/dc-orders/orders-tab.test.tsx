import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  allowedActions,
  type CreatorFormOrders,
  type FormOrderView,
  type QuestionaryDetail,
} from "@wjgj/core";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { definition, overview, questionary } from "../dc-result/testing/fixtures.ts";
import {
  button,
  Failure,
  renderResults,
  setupResultTests,
  slow,
  stubApi,
} from "../dc-result/testing/harness.tsx";
import { refundAmountProblem } from "./refund-dialog.tsx";

const withProduct = (role: "owner" | "viewer" = "owner") =>
  ({
    ...questionary,
    definition: {
      ...definition,
      pages: [
        {
          id: "p1",
          questions: [
            ...(definition.pages[0]?.questions ?? []),
            { id: "buy", type: "product", title: "购买文化衫", config: {} },
          ],
        },
      ],
    },
    myRole: role,
    permissions: allowedActions(role),
  }) as unknown as QuestionaryDetail;

const order = (patch: Partial<FormOrderView>): FormOrderView => ({
  orderNo: "FO202612040001",
  questionnaireId: 7,
  responseId: 11,
  lines: [
    {
      itemId: "tee",
      name: "文化衫",
      variant: { 尺码: "M" },
      quantity: 2,
      unitPriceFen: 3900,
      amountFen: 7800,
    },
    { itemId: "badge", name: "徽章", quantity: 1, unitPriceFen: 500, amountFen: 500 },
  ],
  totalFen: 8300,
  feeFen: 83,
  refundedFen: 0,
  status: "paid",
  statusLabel: "已支付",
  provider: "wechat",
  createdAt: "2026-12-04 10:20:00",
  expiresAt: "2026-12-04 10:35:00",
  paidAt: "2026-12-04 10:21:30",
  ...patch,
});

const orders: CreatorFormOrders = {
  list: [
    order({}),
    order({
      orderNo: "FO202612040002",
      responseId: 12,
      status: "partially_refunded",
      statusLabel: "部分退款",
      refundedFen: 3000,
    }),
    order({
      orderNo: "FO202612040003",
      responseId: 13,
      status: "pending",
      statusLabel: "待支付",
      paidAt: "",
    }),
  ],
  total: 3,
  pageNum: 1,
  pageSize: 20,
  totals: { paidCount: 2, receivedFen: 16600, refundedFen: 3000, feeFen: 136, netFen: 13464 },
};

function render(detail: QuestionaryDetail, more: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    "questionary/getQuestionaryDetail": () => detail,
    "statistics/getOverview": () => overview(3),
    "questionary/formOrders": () => orders,
    ...more,
  });
  renderResults("?id=7&tab=orders");
  return calls;
}

const rowOf = async (orderNo: string) => {
  const tab = await screen.findByTestId("orders-tab", {}, slow);
  const cell = await within(tab).findByText(orderNo, {}, slow);
  return cell.closest("tr") as HTMLTableRowElement;
};

const listCalls = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === "questionary/formOrders");

setupResultTests();

describe("订单管理 helpers", () => {
  it("refuses a refund amount that is not a positive amount within what is left", () => {
    expect(refundAmountProblem("", 8300)).toBe("请填写退款金额");
    expect(refundAmountProblem("abc", 8300)).toBe("退款金额需为数字，最多两位小数，如 12.50");
    expect(refundAmountProblem("0", 8300)).toBe("请填写正确的退款金额（大于 0）");
    expect(refundAmountProblem("83.01", 8300)).toBe("退款金额不能超过可退金额 83.00 元");
    expect(refundAmountProblem("83", 8300)).toBeNull();
  });
});

describe("订单管理 tab", { timeout: 30_000 }, () => {
  it("is offered only for questionnaires with a 商品 question", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(3),
    });
    renderResults("?id=7");
    await screen.findByTestId("result-page", {}, slow);
    expect(screen.queryByRole("tab", { name: "订单管理" })).toBeNull();
  });

  it("shows the totals and each order's lines, amount, state and response", async () => {
    const calls = render(withProduct());
    const paid = await rowOf("FO202612040001");
    const totals = [...screen.getByTestId("order-totals").querySelectorAll(".ant-statistic")].map(
      (card) => card.textContent,
    );
    expect(totals).toEqual(["已支付订单2笔", "收款¥166.00", "退款¥30.00", "平台服务费¥1.36", "实收¥134.64"]);
    expect(paid.textContent).toContain("文化衫（尺码：M）×2");
    expect(paid.textContent).toContain("徽章×1");
    expect(paid.textContent).toContain("¥83.00");
    expect(paid.textContent).toContain("已支付");
    expect(paid.textContent).toContain("2026-12-04 10:21:30");
    expect(within(paid).getByLabelText("查看答卷 11").textContent).toBe("#11");
    const partly = await rowOf("FO202612040002");
    expect(partly.textContent).toContain("已退 ¥30.00");
    expect(partly.textContent).toContain("部分退款");
    // Only paid and partly refunded orders can be refunded.
    expect(within(partly).getByText("退款")).toBeTruthy();
    const pending = await rowOf("FO202612040003");
    expect(within(pending).queryByText("退款")).toBeNull();
    expect(pending.textContent).toContain("待支付");
    expect(listCalls(calls)[0]?.params).toEqual({ id: "7", pageNum: "1", pageSize: "20" });
  });

  it("filters by state from the first page", async () => {
    const calls = render(withProduct());
    await rowOf("FO202612040001");
    const filter = screen.getByLabelText("订单状态").closest(".ant-select") as HTMLElement;
    fireEvent.mouseDown(filter.querySelector(".ant-select-selector, .ant-select-content") ?? filter);
    const options = await screen.findAllByText(
      "已退款",
      { selector: ".ant-select-item-option-content" },
      slow,
    );
    fireEvent.click(options.at(-1) as HTMLElement);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.params).toEqual({
        id: "7",
        status: "refunded",
        pageNum: "1",
        pageSize: "20",
      }),
    );
  });

  it("refunds part of an order in fen after checking the amount, then reloads the list", async () => {
    const calls = render(withProduct(), {
      "questionary/refundFormOrder": () =>
        order({ status: "partially_refunded", statusLabel: "部分退款", refundedFen: 1250 }),
    });
    const paid = await rowOf("FO202612040001");
    fireEvent.click(button(within(paid).getByText("退款")));
    const amount = (await screen.findByLabelText("退款金额（元）", {}, slow)) as HTMLInputElement;
    expect(amount.value).toBe("83.00");
    const form = screen.getByTestId("refund-form");
    fireEvent.change(amount, { target: { value: "90" } });
    expect(await within(form).findByText("退款金额不能超过可退金额 83.00 元")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "0" } });
    expect(await within(form).findByText("请填写正确的退款金额（大于 0）")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "12.5" } });
    fireEvent.change(screen.getByLabelText("退款原因"), { target: { value: "尺码无货" } });
    const before = listCalls(calls).length;
    fireEvent.click(button(screen.getByText("确认退款")));
    expect(await screen.findByText("退款已提交", {}, slow)).toBeTruthy();
    expect(calls.find((call) => call.path === "questionary/refundFormOrder")?.body).toEqual({
      id: 7,
      orderNo: "FO202612040001",
      amountFen: 1250,
      reason: "尺码无货",
    });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it("defaults a partly refunded order to what is left and shows the server's refusal", async () => {
    const calls = render(withProduct(), {
      "questionary/refundFormOrder": () => new Failure(409, "余额不足，无法退款，请先充值"),
    });
    const partly = await rowOf("FO202612040002");
    fireEvent.click(button(within(partly).getByText("退款")));
    const amount = (await screen.findByLabelText("退款金额（元）", {}, slow)) as HTMLInputElement;
    expect(amount.value).toBe("53.00");
    fireEvent.click(button(screen.getByText("确认退款")));
    expect(await screen.findByText("余额不足，无法退款，请先充值", {}, slow)).toBeTruthy();
    expect(calls.find((call) => call.path === "questionary/refundFormOrder")?.body).toMatchObject({
      orderNo: "FO202612040002",
      amountFen: 5300,
      reason: "",
    });
    // The dialog stays open to try again.
    expect(screen.getByTestId("refund-form")).toBeTruthy();
  });

  it("downloads 导出订单 with the session, named after the questionnaire", async () => {
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, { createObjectURL: () => "blob:orders", revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = render(withProduct("viewer"), {
      "questionary/exportFormOrders": () =>
        new Response(new Blob(["xlsx"]), {
          headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        }),
    });
    await rowOf("FO202612040001");
    fireEvent.click(button(screen.getByText("导出订单")));
    await waitFor(() => expect(saved).toEqual(["课程满意度调查-订单.xlsx"]));
    const call = calls.find((each) => each.path === "questionary/exportFormOrders");
    expect(call?.params).toEqual({ id: "7" });
    expect(call?.token).toBe("t-1");
  });

  it("offers no refund to a role that only views results", async () => {
    render(withProduct("viewer"));
    const paid = await rowOf("FO202612040001");
    expect(within(paid).queryByText("退款")).toBeNull();
    expect(screen.getByText("导出订单")).toBeTruthy();
  });
});
