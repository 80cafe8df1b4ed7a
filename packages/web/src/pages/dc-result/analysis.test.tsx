import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { allowedActions, type QuestionaryDetail } from "@wjgj/core";
import type { AnalysisResult, WeightingResult } from "@wjgj/core/api/analysis";
import { formatP } from "@wjgj/core/api/analysis-reading";
import { describe, expect, it } from "vitest";
import {
  catalogue,
  crosstabOutcome,
  result,
  tTestOutcome,
  weightingSummary,
} from "./testing/analysis-fixtures.ts";
import { overview, questionary } from "./testing/fixtures.ts";
import {
  type ApiCall,
  button,
  Failure,
  type Handler,
  renderResults,
  screenWidth,
  setupResultTests,
  slow,
  stubApi,
} from "./testing/harness.tsx";

setupResultTests();

function stubAnalysis(
  answer: (call: ApiCall) => AnalysisResult,
  weighting: WeightingResult = { weighting: null },
  extra: Record<string, Handler> = {},
  detail: QuestionaryDetail = questionary,
) {
  return stubApi({
    "questionary/getQuestionaryDetail": () => detail,
    "statistics/getOverview": () => overview(),
    "statistics/getAnalysisVariables": () => catalogue,
    "statistics/getWeighting": () => weighting,
    "statistics/getAnalysis": answer,
    ...extra,
  });
}

/**
 * Opens the select named `label` and clicks its option titled `option`: in the popup opened now on a first
 * opening, else in the one shown again (a multiple select stays open between picks). Ids are not unique under
 * test, so the popup cannot be found from the select.
 */
async function pick(label: string, option: string) {
  const before = new Set(document.querySelectorAll(".ant-select-dropdown"));
  fireEvent.mouseDown(screen.getByLabelText(label).closest(".ant-select") as HTMLElement);
  const item = await waitFor(() => {
    const popups = Array.from(document.querySelectorAll(".ant-select-dropdown"));
    const popup =
      popups.find((p) => !before.has(p)) ??
      popups.filter((p) => !p.classList.contains("ant-select-dropdown-hidden")).at(-1);
    const found = Array.from(popup?.querySelectorAll<HTMLElement>(".ant-select-item-option") ?? []).find(
      (node) => node.getAttribute("title") === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  }, slow);
  fireEvent.click(item);
}

const analysisCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === "statistics/getAnalysis");

describe("统计分析", { timeout: 60_000 }, () => {
  it("sends the chosen method and variables, and shows a StatError's message in its row", async () => {
    const calls = stubAnalysis(() => result(tTestOutcome));
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    await pick("分析方法", "独立样本t检验");
    // Nothing chosen yet: the page says what is missing and asks nothing.
    fireEvent.click(screen.getByTestId("analysis-run"));
    expect(screen.getByTestId("analysis-problem").textContent).toBe("请选择至少1个检验变量");
    await pick("分组变量", "您的性别（Q1）");
    await pick("检验变量", "满意度 · 课程内容（Q3_1）");
    await pick("检验变量", "每周学习时长（Q4）");
    fireEvent.click(screen.getByTestId("analysis-run"));
    await waitFor(() => expect(analysisCalls(calls)).toHaveLength(1));
    expect(analysisCalls(calls)[0]?.body).toEqual({
      id: 7,
      request: { method: "independentT", test: ["Q3_1", "Q4"], group: "Q1" },
    });

    const box = await screen.findByTestId("analysis-result");
    const table = await within(box).findByTestId("analysis-table-t-test", {}, slow);
    const rows = table.querySelectorAll("tbody tr");
    expect(rows[0]?.textContent).toContain("4.10±0.90");
    expect(rows[0]?.textContent).toContain(formatP(0.017));
    expect(rows[1]?.textContent).toBe("每周学习时长每组至少需要2个有效值");
    expect(rows[1]?.querySelector(".wj-stat-table__error")?.getAttribute("colspan")).toBe("5");
    expect(box.textContent).not.toMatch(/NaN|undefined|Infinity/);
    // The stars footnote comes with starred figures; the groups' means are drawn.
    expect(table.textContent).toContain("* p<0.05");
    expect(within(box).getByLabelText("您的性别各组平均值对比图")).toBeTruthy();
  });

  it("names each variable in the listbox by its question, not only its SPSS name", async () => {
    stubAnalysis(() => result(tTestOutcome));
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    await pick("分析方法", "独立样本t检验");
    const before = new Set(document.querySelectorAll(".ant-select-dropdown"));
    fireEvent.mouseDown(screen.getByLabelText("分组变量").closest(".ant-select") as HTMLElement);
    const popup = await waitFor(() => {
      const opened = Array.from(document.querySelectorAll(".ant-select-dropdown")).find(
        (p) => !before.has(p),
      );
      if (!opened) throw new Error("分组变量 did not open");
      return opened;
    }, slow);
    const names = Array.from(popup.querySelectorAll('[role="option"]')).map((o) =>
      o.getAttribute("aria-label"),
    );
    expect(names).toContain("您的性别（Q1）");
    expect(names.every((name) => name !== null && /（Q\w*）$/.test(name))).toBe(true);
    // The open list still draws the label and the SPSS name apart.
    const shown = popup.querySelector(".ant-select-item-option[title='您的性别（Q1）']");
    expect(shown?.querySelector(".wj-analysis__var-label")?.textContent).toBe("您的性别");
    expect(shown?.querySelector(".wj-analysis__var-name")?.textContent).toBe("Q1");
  });

  it("draws a cross-tab's counts with column shares, letters, χ² and p", async () => {
    const calls = stubAnalysis(() => result(crosstabOutcome));
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    await pick("分析方法", "交叉卡方");
    await pick("行变量", "满意度 · 课程内容（Q3_1）");
    await pick("列变量", "您的性别（Q1）");
    fireEvent.click(screen.getByTestId("analysis-run"));
    await waitFor(() =>
      expect(analysisCalls(calls)[0]?.body).toEqual({
        id: 7,
        request: { method: "crosstab", row: "Q3_1", column: "Q1" },
      }),
    );
    const counts = await screen.findByTestId("analysis-table-crosstab", {}, slow);
    const head = Array.from(counts.querySelectorAll("thead th")).map((th) => th.textContent);
    expect(head).toEqual(["满意度 · 课程内容 \\ 您的性别", "男（A）", "女（B）", "合计"]);
    const first = counts.querySelectorAll("tbody tr")[0];
    expect(first?.querySelectorAll("td")[1]?.textContent).toBe("12（60.0%）B");
    expect(first?.querySelector("sup")?.textContent).toBe("B");
    expect(counts.textContent).toContain("上标字母表示该列的比例显著高于所标字母列的比例");

    const chi = screen.getByTestId("analysis-table-chi-square");
    const pearson = chi.querySelectorAll("tbody tr")[0];
    const cells = Array.from(pearson?.querySelectorAll("td") ?? []).map((td) => td.textContent);
    expect(cells[0]).toBe("Pearson卡方");
    expect(cells[1]).toMatch(/^8\.64\d*\*\*$/);
    expect(cells[2]).toBe("1");
    expect(cells[3]).toBe(formatP(0.0033));
    expect(chi.textContent).toContain("Fisher精确检验");
    expect(screen.getByLabelText("满意度 · 课程内容与您的性别交叉分析图（列百分比）")).toBeTruthy();
  });

  it("shows the server's message when it refuses an analysis", async () => {
    stubAnalysis(
      () => new Failure(400, "「您的性别」不是数值变量，不能做相关分析") as unknown as AnalysisResult,
    );
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    await pick("分析方法", "描述统计");
    await pick("分析变量", "每周学习时长（Q4）");
    fireEvent.click(screen.getByTestId("analysis-run"));
    const box = await screen.findByTestId("analysis-result");
    await waitFor(() => expect(box.textContent).toContain("「您的性别」不是数值变量，不能做相关分析"));
    expect(box.querySelector(".ant-alert-error")).toBeTruthy();
    // Another method: the refusal was about the last one, and goes with it; a form not yet complete shows only
    // what it lacks.
    await pick("分析方法", "独立样本t检验");
    expect(screen.queryByTestId("analysis-result")).toBeNull();
    fireEvent.click(screen.getByTestId("analysis-run"));
    expect(screen.getByTestId("analysis-problem").textContent).toBe("请选择分组变量");
    expect(screen.queryByTestId("analysis-result")).toBeNull();
  });

  it("says an exam without variables has none, in the exam's words", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => ({ ...questionary, kind: "exam" }),
      "statistics/getOverview": () => overview(),
      "statistics/getAnalysisVariables": () => ({ ...catalogue, variables: [] }),
      "statistics/getWeighting": () => ({ weighting: null }),
    });
    renderResults("?id=7&tab=analysis");
    expect(await screen.findByText(/^考试中还没有可分析的变量/, {}, slow)).toBeTruthy();
  });

  it("refuses target margins that do not sum to 100, then saves and shows the summary", async () => {
    let saved: WeightingResult = { weighting: null };
    const calls = stubAnalysis(() => result(crosstabOutcome), saved, {
      "statistics/getWeighting": () => saved,
      "statistics/saveWeighting": () => {
        saved = { weighting: weightingSummary };
        return saved;
      },
    });
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    expect(screen.queryByTestId("weighting-switch")).toBeNull();
    fireEvent.click(screen.getByTestId("weighting-open"));
    const dialog = await screen.findByRole("dialog", {}, slow);
    await pick("第1个加权变量", "您的性别（Q1）");
    fireEvent.change(within(dialog).getByLabelText("男的目标比例"), { target: { value: "40" } });
    fireEvent.change(within(dialog).getByLabelText("女的目标比例"), { target: { value: "50" } });
    await waitFor(() =>
      expect(within(dialog).getByTestId("weighting-total").textContent).toContain("合计 90%"),
    );
    fireEvent.click(within(dialog).getByTestId("weighting-save"));
    expect(within(dialog).getByTestId("weighting-problem").textContent).toContain(
      "「您的性别」的目标比例合计为90%，须等于100%",
    );
    expect(calls.some((call) => call.path === "statistics/saveWeighting")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("女的目标比例"), { target: { value: "60" } });
    fireEvent.click(within(dialog).getByTestId("weighting-save"));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "statistics/saveWeighting")?.body).toEqual({
        id: 7,
        margins: [
          {
            variable: "Q1",
            targets: [
              { value: 1, percent: 40 },
              { value: 2, percent: 60 },
            ],
          },
        ],
      }),
    );
    const summary = await within(dialog).findByTestId("weighting-summary", {}, slow);
    expect(summary.textContent).toContain("加权效率87.5%");
    expect(summary.textContent).toContain("权重范围0.625 ~ 1.600");
    expect(summary.textContent).toContain("迭代次数4次");
    expect(await screen.findByTestId("weighting-switch")).toBeTruthy();
  });

  it("sends weighted: true while 加权 is on and marks the result", async () => {
    const calls = stubAnalysis((call) => result(crosstabOutcome, call.body.weighted === true), {
      weighting: weightingSummary,
    });
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    await pick("分析方法", "交叉卡方");
    await pick("行变量", "满意度 · 课程内容（Q3_1）");
    await pick("列变量", "您的性别（Q1）");
    fireEvent.click(await screen.findByTestId("weighting-switch", {}, slow));
    fireEvent.click(screen.getByTestId("analysis-run"));
    await waitFor(() => expect(analysisCalls(calls)[0]?.body.weighted).toBe(true));
    expect((await screen.findByTestId("analysis-weighted", {}, slow)).textContent).toBe("加权（效率 87.5%）");
    // Tests of means are not weighted: the switch stands aside for them.
    await pick("分析方法", "单因素方差分析");
    expect((screen.getByTestId("weighting-switch") as HTMLButtonElement).disabled).toBe(true);
  });

  it("lets a 数据查看 member analyse but not set the weighting", async () => {
    const viewer = {
      ...questionary,
      myRole: "viewer",
      permissions: allowedActions("viewer"),
    } as unknown as QuestionaryDetail;
    stubAnalysis(() => result(crosstabOutcome), { weighting: null }, {}, viewer);
    renderResults("?id=7&tab=analysis");
    await screen.findByTestId("analysis-tab", {}, slow);
    expect(button(screen.getByText("设置加权")).disabled).toBe(true);
    expect(screen.getByTestId("analysis-run")).toBeTruthy();
  });

  it("lays out for a 390 px phone: one column, tables scrolling in their own box", async () => {
    screenWidth(390);
    stubAnalysis(() => result(crosstabOutcome));
    renderResults("?id=7&tab=analysis");
    const tab = await screen.findByTestId("analysis-tab", {}, slow);
    await waitFor(() => expect(tab.classList.contains("wj-analysis--phone")).toBe(true));
    await pick("分析方法", "交叉卡方");
    await pick("行变量", "满意度 · 课程内容（Q3_1）");
    await pick("列变量", "您的性别（Q1）");
    fireEvent.click(screen.getByTestId("analysis-run"));
    const counts = await screen.findByTestId("analysis-table-crosstab", {}, slow);
    const scroller = counts.querySelector("table")?.parentElement;
    expect(scroller?.classList.contains("wj-stat-table__scroll")).toBe(true);
    expect(scroller?.getAttribute("tabindex")).toBe("0");
  });
});
