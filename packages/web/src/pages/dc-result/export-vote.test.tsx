import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ExportJob, QuestionaryDetail } from "@wjgj/core";
import { describe, expect, it, vi } from "vitest";
import { weightingSummary } from "./testing/analysis-fixtures.ts";
import { optionOf } from "./testing/fake-echarts.ts";
import { exportJob, overview, questionary } from "./testing/fixtures.ts";
import {
  type ApiCall,
  button,
  Failure,
  renderResults,
  setupResultTests,
  slow,
  stubApi,
} from "./testing/harness.tsx";

setupResultTests();

describe("导出", { timeout: 60_000 }, () => {
  it("starts a Word analysis report with the sections chosen, and a PDF one; none without a section", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "export/createExport": () => exportJob({ status: "queued", statusName: "排队中", progress: 0 }),
      "export/getExportList": () => ({ list: [] }),
    });
    renderResults("?id=7&tab=export");
    const card = await screen.findByTestId("report-card", {}, slow);
    // The tab's code loads on demand: its effects (antd's checkbox group registers its boxes in one) run after
    // the card is on the page.
    await act(async () => {});
    fireEvent.click(within(card).getByText("开放题词云与高频词"));
    fireEvent.click(button(within(card).getByText("生成 Word 报告")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "export/createExport")?.body).toMatchObject({
        questionnaireId: 7,
        kind: "docx",
        filter: { sections: ["overview", "questions", "pinned"] },
      }),
    );
    fireEvent.click(button(within(card).getByText("生成 PDF 报告")));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "export/createExport").map((c) => c.body.kind)).toEqual([
        "docx",
        "pdf",
      ]),
    );
    fireEvent.click(within(card).getByText("数据概况（答卷数、收集时间、来源）"));
    fireEvent.click(within(card).getByText("分题统计（表格、图表和解读）"));
    fireEvent.click(within(card).getByText("固定到报告的交叉分析与统计分析"));
    expect(within(card).getByText("请至少选择一项内容。", { exact: false })).toBeTruthy();
    expect(button(within(card).getByText("生成 Word 报告")).disabled).toBe(true);
  });

  it("offers 下载附件压缩包 only for a questionnaire with an upload or signature question", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "export/getExportList": () => ({ list: [] }),
    });
    renderResults("?id=7&tab=export");
    const tab = await screen.findByTestId("export-tab", {}, slow);
    await within(tab).findByText("导出 Excel", {}, slow);
    expect(within(tab).queryByText("下载附件压缩包")).toBeNull();
  });

  it("starts an attachment archive of a questionnaire with a 文件上传 question", async () => {
    const upload = { id: "q9", type: "file", title: "上传作品", config: {} };
    const withUpload = {
      ...questionary,
      definition: {
        ...questionary.definition,
        pages: [{ ...questionary.definition.pages[0], questions: [upload] }],
      },
    } as unknown as QuestionaryDetail;
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => withUpload,
      "statistics/getOverview": () => overview(),
      "export/createExport": () => exportJob({ kind: "zip" }),
      "export/getExportList": () => ({ list: [] }),
    });
    renderResults("?id=7&tab=export");
    const tab = await screen.findByTestId("export-tab", {}, slow);
    fireEvent.click(button(await within(tab).findByText("下载附件压缩包", {}, slow)));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "export/createExport")?.body).toMatchObject({ kind: "zip" }),
    );
  });

  it("starts an xlsx job, shows its progress while polling, then downloads the file with the session", async () => {
    // The job runs for two readings of the list, then is done.
    let readings = 0;
    let job: ExportJob | null = null;
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "export/createExport": () => {
        job = exportJob({ status: "queued", statusName: "排队中", progress: 0 });
        return job;
      },
      "export/getExportList": () => {
        if (!job) return { list: [] };
        readings += 1;
        if (readings >= 3)
          job = exportJob({
            status: "done",
            statusName: "已完成",
            progress: 100,
            rows: 3,
            fileSize: 2048,
            expiresAt: "2025-01-09 10:00:00",
            downloadPath: "/wjgj/api/export/downloadExport?questionnaireId=7&id=11",
          });
        else job = exportJob({ progress: 40 * readings });
        return { list: [job] };
      },
      "export/downloadExport": () =>
        new Response(new Blob(["xlsx-bytes"]), {
          headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();

    renderResults("?id=7&tab=export");
    const tab = await screen.findByTestId("export-tab", {}, slow);
    await within(tab).findByText("还没有导出记录", {}, slow);
    fireEvent.click(button(within(tab).getByText("导出 Excel")));

    await waitFor(() =>
      expect(calls.find((c) => c.path === "export/createExport")?.body).toEqual({
        questionnaireId: 7,
        kind: "xlsx",
        filter: { includeInvalid: false },
      }),
    );
    const progress = await within(tab).findByTestId("export-progress", {}, slow);
    await waitFor(() => expect(progress.textContent).toContain("导出中"), slow);
    const download = await within(tab).findByText("下载", {}, { timeout: 15_000 });
    expect(tab.textContent).toContain("已完成");
    expect(tab.textContent).toContain("2025-01-09 10:00:00");
    const polls = calls.filter((c) => c.path === "export/getExportList").length;

    fireEvent.click(button(download));
    await waitFor(() => expect(saved).toEqual(["课程满意度调查_答卷数据.xlsx"]));
    const fetched = calls.find((c) => c.path === "export/downloadExport");
    expect(fetched?.params).toEqual({ questionnaireId: "7", id: "11" });
    expect(fetched?.token).toBe("t-1");
    // Settled jobs stop the polling.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(calls.filter((c) => c.path === "export/getExportList").length).toBe(polls);
  });
});

describe("投票结果", { timeout: 60_000 }, () => {
  it("re-reads the counts every 3 seconds and redraws the bars", async () => {
    let votes = 1;
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () =>
        ({ ...questionary, kind: "vote", kindName: "投票" }) as QuestionaryDetail,
      "statistics/getOverview": () => overview(),
      "statistics/getVoteResults": (_call: ApiCall) => {
        votes += 1;
        return {
          total: votes,
          readAt: "2025-01-02 10:00:00",
          questions: [
            {
              questionId: "q1",
              title: "最佳社团",
              answered: votes,
              options: [
                { optionId: "a", label: "书法社", count: votes - 1, percentage: 50 },
                { optionId: "b", label: "篮球社", count: 1, percentage: 50 },
              ],
            },
          ],
        };
      },
    });
    renderResults("?id=7&tab=vote");
    const tab = await screen.findByTestId("vote-tab", {}, slow);
    expect(within(tab).getByTestId("vote-total").textContent).toBe("2");
    await waitFor(() => expect(within(tab).getByTestId("vote-total").textContent).toBe("3"), {
      timeout: 6000,
    });
    expect(calls.filter((c) => c.path === "statistics/getVoteResults")).toHaveLength(2);
    const chart = tab.querySelector(".wj-chart") as HTMLElement;
    await waitFor(() => expect(optionOf(chart)?.series).toMatchObject([{ type: "bar", data: [1, 2] }]));
  });

  it("offers the weights for SPSS, R and Stata once a weighting is saved, and sends them for those only", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "statistics/getWeighting": () => ({ weighting: weightingSummary }),
      "export/createExport": () => exportJob({ kind: "sav" }),
      "export/getExportList": () => ({ list: [] }),
    });
    renderResults("?id=7&tab=export");
    const tab = await screen.findByTestId("export-tab", {}, slow);
    const option = await within(tab).findByRole(
      "checkbox",
      { name: "SPSS、R、Stata 文件附带加权权重" },
      slow,
    );
    expect((option as HTMLInputElement).checked).toBe(true);
    fireEvent.click(button(within(tab).getByText("导出 SPSS（.sav）")));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "export/createExport")?.body).toEqual({
        questionnaireId: 7,
        kind: "sav",
        filter: { includeInvalid: false, weighted: true },
      }),
    );
    // A spreadsheet never asks for them.
    fireEvent.click(button(within(tab).getByText("导出 Excel")));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "export/createExport").at(-1)?.body).toMatchObject({
        kind: "xlsx",
        filter: { includeInvalid: false },
      }),
    );
    expect(calls.filter((c) => c.path === "export/createExport").at(-1)?.body).not.toHaveProperty(
      "filter.weighted",
    );
  });

  it("says nothing when the weighting is refused (统计分析 not in the owner's level): the option is not offered", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "statistics/getWeighting": () => new Failure(402, "当前会员等级不支持交叉分析"),
      "export/getExportList": () => ({ list: [] }),
    });
    renderResults("?id=7&tab=export");
    const tab = await screen.findByTestId("export-tab", {}, slow);
    await within(tab).findByText("还没有导出记录", {}, slow);
    await waitFor(() => expect(calls.some((c) => c.path === "statistics/getWeighting")).toBe(true));
    expect(within(tab).queryByRole("checkbox", { name: "SPSS、R、Stata 文件附带加权权重" })).toBeNull();
    expect(document.querySelector(".ant-modal")).toBeNull();
    expect(document.body.textContent).not.toContain("当前会员等级不支持交叉分析");
  });
});
