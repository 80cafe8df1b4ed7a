import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { codeProblem } from "./components/text-analysis/code-panel.tsx";
import { dictionaryProblem } from "./components/text-analysis/dictionary-modal.tsx";
import { clickItem, optionOf } from "./testing/fake-echarts.ts";
import { overview, questionary, statistics } from "./testing/fixtures.ts";
import { type ApiCall, button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

const word = (w: string, count: number, weight: number) => ({
  word: w,
  count,
  answers: count,
  percentage: Math.round((1000 * count) / 3) / 10,
  weight,
});

function handlers(answers = 3) {
  let codes: Record<string, unknown>[] = [];
  let tagged = false;
  let dictionary = { words: [] as string[], stopWords: [] as string[], builtInStopWords: 842, updatedAt: "" };
  return {
    "questionary/getQuestionaryDetail": () => questionary,
    "statistics/getOverview": () => overview(3),
    "statistics/getQuestionStatistics": (call: ApiCall) => statistics(Boolean(call.body.filter)),
    "statistics/getWordFrequencies": () => ({
      questionId: "q3",
      answers,
      distinctWords: answers ? 3 : 0,
      words: answers ? [word("实践课", 3, 30.5), word("安排", 2, 12.1), word("老师", 1, 8.2)] : [],
      keywords: answers ? [word("实践课", 3, 30.5), word("安排", 2, 12.1), word("老师", 1, 8.2)] : [],
    }),
    "statistics/getTextAnswers": (call: ApiCall) => ({
      list: [
        {
          responseId: 3,
          submittedAt: "2025-01-03 09:00:00",
          parts: [
            { key: "", label: "", text: call.body.keyword ? "多安排实践课，实践课太少" : "多安排实践课" },
          ],
          files: [],
          signatureUrl: "",
          codes: tagged ? [11] : [],
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    }),
    "statistics/getTextCodes": () => ({
      questionId: "q3",
      answers: 3,
      uncoded: codes.length ? 1 : 3,
      codes,
    }),
    "statistics/saveTextCode": (call: ApiCall) => {
      codes = [
        ...codes,
        {
          id: 11,
          questionId: "q3",
          name: String(call.body.name),
          keywords: String(call.body.keywords).split("\n"),
          answers: 2,
          percentage: 66.7,
          manual: 0,
          variable: "code11",
        },
      ];
      return { codeId: 11 };
    },
    "statistics/deleteTextCode": () => {
      codes = [];
      return null;
    },
    "statistics/tagTextAnswer": (call: ApiCall) => {
      tagged = call.body.included === true;
      return null;
    },
    "statistics/getTextDictionary": () => dictionary,
    "statistics/saveTextDictionary": (call: ApiCall) => {
      const list = (value: unknown) =>
        String(value)
          .split("\n")
          .map((w) => w.trim())
          .filter(Boolean);
      dictionary = {
        ...dictionary,
        words: list(call.body.words),
        stopWords: list(call.body.stopWords),
        updatedAt: "2025-01-04 10:00:00",
      };
      return dictionary;
    },
  };
}

setupResultTests();

async function openAnalysis() {
  renderResults("?id=7&tab=stats");
  const card = await screen.findByTestId("stats-q3", {}, slow);
  // Only the open-text question offers it: not the choice question without 其他.
  expect(within(screen.getByTestId("stats-q1")).queryByText("词云分析")).toBeNull();
  fireEvent.click(button(within(card).getByText("词云分析")));
  return screen.findByTestId("text-analysis", {}, slow);
}

/** A control Tab reaches: a button, enabled, in the tab order, not hidden from assistive technology. */
function expectTabbable(element: HTMLElement | null): asserts element is HTMLButtonElement {
  expect(element?.tagName).toBe("BUTTON");
  const control = element as HTMLButtonElement;
  expect(control.disabled).toBe(false);
  expect(control.tabIndex).toBe(0);
  expect(control.closest("[aria-hidden='true'], [inert]")).toBeNull();
}

/** Enter on a control as a browser does it (jsdom does not): focus, keydown, then, not prevented, a button's click. */
function pressEnter(control: HTMLElement) {
  control.focus();
  expect(document.activeElement).toBe(control);
  if (fireEvent.keyDown(control, { key: "Enter", code: "Enter" }) && control instanceof HTMLButtonElement)
    control.click();
  fireEvent.keyUp(control, { key: "Enter", code: "Enter" });
}

describe("文本分析", { timeout: 30_000 }, () => {
  it("draws the words as a cloud, lists them by count, and shows the answers containing a word, marked", async () => {
    const calls = stubApi(handlers());
    const panel = await openAnalysis();
    await waitFor(() =>
      expect(within(panel).getByTestId("text-analysis-summary").textContent).toContain("共分析 3 份答卷"),
    );
    const chart = within(panel).getByTestId("word-cloud").querySelector(".wj-chart") as HTMLElement;
    await waitFor(() => expect(optionOf(chart)).toBeDefined());
    const series = (optionOf(chart)?.series as { type: string; data: { name: string }[] }[] | undefined)?.[0];
    expect(series?.type).toBe("scatter");
    expect(series?.data.map((d) => d.name)).toEqual(["实践课", "安排", "老师"]);
    expect(calls.find((c) => c.path === "statistics/getWordFrequencies")?.body).toMatchObject({
      id: 7,
      questionId: "q3",
      top: 200,
    });

    // A word clicked in the cloud lists its answers.
    clickItem(chart, "安排");
    expect(await within(panel).findByText("包含“安排”的答案")).toBeTruthy();

    fireEvent.click(within(panel).getByText("词频表"));
    const table = await within(panel).findByTestId("word-table");
    const row = within(table).getByText("实践课").closest("tr") as HTMLElement;
    expect(row.textContent).toContain("100%");
    fireEvent.click(row);
    const answers = await within(panel).findByTestId("word-answers");
    expect(within(answers).getByText("包含“实践课”的答案")).toBeTruthy();
    await waitFor(() => expect(answers.querySelectorAll("mark")).toHaveLength(2));
    expect(
      calls.filter((c) => c.path === "statistics/getTextAnswers").some((c) => c.body.keyword === "实践课"),
    ).toBe(true);
  });

  it("offers every word to the keyboard: a button below the cloud and in the table, Enter lists its answers and focus goes there and back", async () => {
    const calls = stubApi(handlers());
    const panel = await openAnalysis();
    await waitFor(() =>
      expect(within(panel).getByTestId("text-analysis-summary").textContent).toContain("共分析 3 份答卷"),
    );
    // The canvas is an image to screen readers, named by its words; the words follow it as buttons.
    const chart = within(panel).getByTestId("word-cloud").querySelector(".wj-chart") as HTMLElement;
    expect(chart.getAttribute("role")).toBe("img");
    expect(chart.getAttribute("aria-label")).toContain("出现最多的词：实践课、安排、老师");
    const top = within(panel).getByTestId("word-cloud-top");
    const inCloud = button(within(top).getByText("安排"));
    expectTabbable(inCloud);
    expect(inCloud.getAttribute("aria-describedby")).toBeTruthy();
    pressEnter(inCloud);
    const answers = await within(panel).findByTestId("word-answers");
    const heading = within(answers).getByText("包含“安排”的答案");
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(inCloud.getAttribute("aria-current")).toBe("true");
    pressEnter(button(within(answers).getByText("清除")));
    await waitFor(() => expect(within(panel).queryByTestId("word-answers")).toBeNull());
    expect(document.activeElement).toBe(inCloud);

    // In the 词频表 the word is the row's button: Enter lists its answers, once.
    fireEvent.click(within(panel).getByText("词频表"));
    const table = await within(panel).findByTestId("word-table");
    const inTable = button(within(table).getByText("实践课"));
    expectTabbable(inTable);
    const before = calls.filter((c) => c.path === "statistics/getTextAnswers").length;
    pressEnter(inTable);
    const listed = await within(panel).findByTestId("word-answers");
    await waitFor(() => expect(document.activeElement).toBe(within(listed).getByText("包含“实践课”的答案")));
    await waitFor(() => expect(listed.querySelectorAll("mark")).toHaveLength(2));
    expect(
      calls
        .filter((c) => c.path === "statistics/getTextAnswers")
        .slice(before)
        .map((c) => c.body.keyword),
    ).toEqual(["实践课"]);
    pressEnter(button(within(listed).getByText("清除")));
    await waitFor(() => expect(within(panel).queryByTestId("word-answers")).toBeNull());
    expect(document.activeElement).toBe(inTable);
  });

  it("on a phone shows the column the words are ranked by: 占比 by count, 关键词权重 by weight", async () => {
    stubApi(handlers());
    const panel = await openAnalysis();
    fireEvent.click(within(panel).getByText("词频表"));
    const headers = async () =>
      Array.from((await within(panel).findByTestId("word-table")).querySelectorAll("thead th")).map(
        (cell) => cell.textContent,
      );
    // jsdom's width is a phone's: 答卷数 is left out, and the ranking's own measure is there.
    expect(await headers()).toEqual(["排名", "词语", "出现次数", "占比"]);
    fireEvent.click(within(panel).getByText("按关键词权重"));
    await waitFor(async () => expect(await headers()).toEqual(["排名", "词语", "出现次数", "关键词权重"]));
  });

  it("says so when the filter leaves no answers", async () => {
    stubApi(handlers(0));
    const panel = await openAnalysis();
    expect(await within(panel).findByText("当前筛选范围内没有填写内容，请调整筛选条件")).toBeTruthy();
  });

  it("edits the dictionary, refusing a line too long before saving, and counts the words again", async () => {
    const calls = stubApi(handlers());
    const panel = await openAnalysis();
    fireEvent.click(button(within(panel).getByText("自定义词典")));
    const form = await screen.findByTestId("text-dictionary", {}, slow);
    const words = within(form).getByLabelText("自定义词语");
    fireEvent.change(words, {
      target: { value: "实践课\n这是一个超过二十个字的非常非常非常长的句子而不是词" },
    });
    expect(await within(form).findByText("自定义词语第2行超过20个字，请缩短")).toBeTruthy();
    const save = button(screen.getByText("保存并重新统计"));
    expect(save.disabled).toBe(true);

    fireEvent.change(words, { target: { value: "实践课\n青禾问卷" } });
    fireEvent.change(within(form).getByLabelText("停用词"), { target: { value: "多" } });
    const before = calls.filter((c) => c.path === "statistics/getWordFrequencies").length;
    fireEvent.click(button(screen.getByText("保存并重新统计")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "statistics/saveTextDictionary")?.body).toMatchObject({
        id: 7,
        words: "实践课\n青禾问卷",
        stopWords: "多",
      }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "statistics/getWordFrequencies").length).toBeGreaterThan(before),
    );
  });

  it("checks each dictionary line as the server does", () => {
    expect(dictionaryProblem("好\n\n  服务  ", "停用词")).toBeNull();
    expect(dictionaryProblem("好 的", "停用词")).toBe("停用词第1行含有空格，请每行只填写一个词");
    expect(dictionaryProblem(Array.from({ length: 2001 }, (_, i) => `词${i}`).join("\n"), "停用词")).toBe(
      "停用词最多2000个，当前2001个",
    );
  });

  it("adds a code from a word, tags an answer into it by hand, and deletes it only once asked", async () => {
    const calls = stubApi(handlers());
    const panel = await openAnalysis();
    fireEvent.click(within(panel).getByText("词频表"));
    const table = await within(panel).findByTestId("word-table");
    fireEvent.click(within(table).getByText("实践课").closest("tr") as HTMLElement);
    fireEvent.click(button(await within(panel).findByText("设为类别")));
    const dialog = await screen.findByTestId("code-dialog", {}, slow);
    expect((within(dialog).getByLabelText("类别名称") as HTMLInputElement).value).toBe("实践课");
    fireEvent.change(within(dialog).getByLabelText("关键词"), { target: { value: "实践课\n实践" } });
    fireEvent.click(button(screen.getByText("保存")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "statistics/saveTextCode")?.body).toMatchObject({
        id: 7,
        questionId: "q3",
        name: "实践课",
        keywords: "实践课\n实践",
      }),
    );

    fireEvent.click(within(panel).getByText("编码"));
    const codeTable = await within(panel).findByTestId("code-table");
    const row = (await within(codeTable).findByText("实践课")).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("66.7%");
    fireEvent.click(row);
    const answers = await within(panel).findByTestId("code-answers");
    const toggle = await within(answers).findByLabelText("答卷3属于实践课");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.path === "statistics/tagTextAnswer")?.body).toMatchObject({
        id: 7,
        codeId: 11,
        responseId: 3,
        included: true,
      }),
    );
    await waitFor(() =>
      expect(within(answers).getByLabelText("答卷3属于实践课").getAttribute("aria-checked")).toBe("true"),
    );

    // 收起 hands focus to the code's button, which Enter opens again with focus on the answers' heading.
    const name = button(within(row).getByText("实践课"));
    expectTabbable(name);
    pressEnter(button(within(answers).getByText("收起")));
    await waitFor(() => expect(within(panel).queryByTestId("code-answers")).toBeNull());
    expect(document.activeElement).toBe(name);
    pressEnter(name);
    const again = await within(panel).findByTestId("code-answers");
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByText("按“实践课”归类答案")));

    fireEvent.click(within(row).getByLabelText("删除类别实践课"));
    expect(await screen.findByText("删除类别“实践课”？")).toBeTruthy();
    expect(calls.some((c) => c.path === "statistics/deleteTextCode")).toBe(false);
    fireEvent.click(button(screen.getByText("删除")));
    await waitFor(() => expect(calls.some((c) => c.path === "statistics/deleteTextCode")).toBe(true));
    expect(await within(panel).findByText(/还没有类别/)).toBeTruthy();
  });

  it("checks a code's name and keywords before saving", () => {
    expect(codeProblem({ name: "价格", keywords: "价格\n贵" })).toBeNull();
    expect(codeProblem({ name: " ", keywords: "" })).toBe("请输入1-20个字的类别名称");
    expect(
      codeProblem({ name: "价格", keywords: "好\n这个关键词实在太长了已经超过了二十个字的限制了" }),
    ).toBe("第2个关键词超过20个字，请缩短");
  });
});
