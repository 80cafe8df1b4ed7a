import { render, screen, waitFor } from "@testing-library/react";
import type { AnswerDetail } from "@wjgj/core";
import { everyTypeDefinition } from "@wjgj/core/results/testing/every-type";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app.tsx";
import { AnswerView } from "./components/answers/answer-view.tsx";
import { summary } from "./testing/fixtures.ts";
import { setupResultTests, slow } from "./testing/harness.tsx";

/** One answer per question of core's every-type questionnaire, as a respondent could give them. */
const answers: Record<string, unknown> = {
  qs: { optionId: "o", otherText: "榴莲" },
  qm: { optionIds: ["a", "c"] },
  qd: { optionId: "b" },
  qv: { optionId: "a" },
  qc: { path: ["zj", "hz"] },
  qt: "你好",
  qn2: "42",
  qa: "第一行\n第二行",
  qb: { b1: "张三", b2: "30" },
  qn: 3.5,
  qdt: "2024-06-15",
  qtm: "08:30",
  qdr: { start: "2024-06-01", end: "2024-06-03" },
  qst: 4,
  qnps: 8,
  qlk: 2,
  qsl: 7,
  qal: { a: 3, c: 7 },
  qrk: ["c", "a", "b"],
  qx1: { r1: "c2", r2: "c3" },
  qx2: { r1: ["c1", "c2"] },
  qx3: { r1: 4 },
  qx4: { r1: { c1: "苹果", c2: "10" } },
  qx5: { r1: { k: "y" } },
  qtb: [{ name: "李雷" }, { name: "韩梅梅" }],
  qsg: "/wjgj/api/upload/file/sig-1",
  qrg: { codes: ["110000"], names: ["北京市"] },
  qpg: "女",
  qap: { optionId: "s2" },
  qf: [{ fileId: "f-1", name: "简历.pdf", size: 2048, mime: "application/pdf" }],
};

function detailOf(patch: Partial<AnswerDetail> = {}): AnswerDetail {
  return {
    answer: summary(1),
    revisionId: 1,
    definition: everyTypeDefinition(true),
    answers,
    labels: {},
    files: {
      qf: [{ fileId: "f-1", name: "简历.pdf", size: 2048, url: "/wjgj/api/upload/file/f-1" }],
    },
    signatures: { qsg: "/wjgj/api/upload/file/sig-1" },
    skipped: [],
    exam: null,
    consent: null,
    wechat: null,
    candidate: null,
    masked: [],
    previousId: null,
    nextId: null,
    position: 1,
    total: 1,
    ...patch,
  };
}

function show(detail = detailOf()) {
  render(
    <AppProviders client={createQueryClient()}>
      <AnswerView detail={detail} />
    </AppProviders>,
  );
  return screen.getByTestId("answer-view");
}

const item = (view: HTMLElement, id: string) => view.querySelector(`[data-question="${id}"]`) as HTMLElement;
const chosen = (node: HTMLElement) =>
  Array.from(node.querySelectorAll(".is-chosen")).map((el) => el.textContent);
const marks = (node: HTMLElement) =>
  Array.from(node.querySelectorAll("[data-mark]")).map((el) => (el as HTMLElement).dataset.mark);
/** Per matrix row, the column ids whose mark is on. */
function onColumns(node: HTMLElement): Record<string, string[]> {
  const rows: Record<string, string[]> = {};
  for (const row of Array.from(node.querySelectorAll<HTMLElement>("tr[data-row]"))) {
    rows[row.dataset.row ?? ""] = Array.from(row.querySelectorAll<HTMLElement>("td[data-column]"))
      .filter((cell) => cell.querySelector('[data-on="1"]'))
      .map((cell) => cell.dataset.column ?? "");
  }
  return rows;
}
const cellText = (node: HTMLElement, row: string, column: string) =>
  node.querySelector(`tr[data-row="${row}"] td[data-column="${column}"]`)?.textContent;

setupResultTests();

describe("答卷详情 draws each type as it was answered", { timeout: 60_000 }, () => {
  it.each([
    ["qs", "单选"],
    ["qd", "下拉"],
    ["qv", "投票"],
    ["qap", "预约"],
  ])("%s (%s): one circle, only the chosen option on", (id) => {
    const node = item(show(), id);
    expect(new Set(marks(node))).toEqual(new Set(["radio"]));
    expect(chosen(node)).toHaveLength(1);
  });

  it("单选 with 其他 shows the typed text beside the chosen 其他", () => {
    const node = item(show(), "qs");
    expect(chosen(node)).toEqual(["其他：榴莲"]);
    expect(node.textContent).toContain("选项A");
  });

  it("多选: squares, every chosen option on", () => {
    const node = item(show(), "qm");
    expect(new Set(marks(node))).toEqual(new Set(["checkbox"]));
    expect(chosen(node)).toEqual(["选项A", "选项C"]);
  });

  it("矩阵单选: the chosen column of each row, not the row labels", () => {
    const node = item(show(), "qx1");
    expect(onColumns(node)).toEqual({ r1: ["c2"], r2: ["c3"] });
    expect(new Set(marks(node))).toEqual(new Set(["radio"]));
    expect(node.querySelector("thead")?.textContent).toContain("选项C2");
  });

  it("矩阵多选: every chosen column of a row, nothing on an unanswered row", () => {
    const node = item(show(), "qx2");
    expect(onColumns(node)).toEqual({ r1: ["c1", "c2"], r2: [] });
    expect(new Set(marks(node))).toEqual(new Set(["checkbox"]));
  });

  it("矩阵量表: the chosen point of each row", () => {
    expect(onColumns(item(show(), "qx3"))).toEqual({ r1: ["4"], r2: [] });
  });

  it("矩阵填空 and 矩阵下拉: the text and the chosen label in their cells", () => {
    const view = show();
    expect(cellText(item(view, "qx4"), "r1", "c1")).toBe("苹果");
    expect(cellText(item(view, "qx4"), "r1", "c2")).toBe("10");
    expect(cellText(item(view, "qx4"), "r2", "c1")).toBe("");
    expect(cellText(item(view, "qx5"), "r1", "k")).toBe("选项Y");
  });

  it("表格: one row per filled row", () => {
    const rows = Array.from(item(show(), "qtb").querySelectorAll("tbody tr")).map((r) => r.textContent);
    expect(rows).toEqual(["李雷", "韩梅梅"]);
  });

  it("排序: the items in the respondent's order", () => {
    const order = Array.from(item(show(), "qrk").querySelectorAll("li")).map((li) => li.textContent);
    expect(order).toEqual(["选项C", "选项A", "选项B"]);
  });

  it("比重: each item's points out of the total", () => {
    const node = item(show(), "qal");
    expect(chosen(node)).toEqual(["选项A3 / 10", "选项C7 / 10"]);
    expect(node.textContent).toContain("选项B0 / 10");
  });

  it("星级, NPS and 量表: the chosen point on its scale", () => {
    const view = show();
    expect(item(view, "qst").querySelector('[role="img"]')?.getAttribute("aria-label")).toBe(
      "4 星（满分 5 星）",
    );
    expect(chosen(item(view, "qnps"))).toEqual(["8"]);
    expect(item(view, "qnps").querySelectorAll(".wj-answer-view__points > span")).toHaveLength(11);
    expect(chosen(item(view, "qlk"))).toEqual(["2"]);
  });

  it.each([
    ["qc", "杭州"],
    ["qt", "你好"],
    ["qn2", "42"],
    ["qa", "第一行\n第二行"],
    ["qb", "张三"],
    ["qn", "3.5"],
    ["qdt", "2024-06-15"],
    ["qtm", "08:30"],
    ["qdr", "2024-06-01 至 2024-06-03"],
    ["qsl", "7"],
    ["qrg", "北京市"],
    ["qpg", "女"],
  ])("%s reads as its text (%s)", (id, text) => {
    expect(item(show(), id).textContent).toContain(text);
  });

  it("附件 as a download link and 签名 as the image", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(new Blob(["png"], { type: "image/png" }))),
    );
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:sig", revokeObjectURL: () => {} }),
    );
    const view = show();
    expect(item(view, "qf").querySelector("button")?.textContent).toContain("简历.pdf");
    await waitFor(
      () => expect(item(view, "qsg").querySelector("img")?.getAttribute("alt")).toBe("第26题签名"),
      slow,
    );
  });

  it("a question the logic skipped reads （跳过）, one left empty （未作答）", () => {
    const { qt: _qt, qa: _qa, ...rest } = answers;
    const view = show(detailOf({ answers: rest, skipped: ["qt"] }));
    expect(item(view, "qt").textContent).toContain("（跳过）");
    expect(item(view, "qa").textContent).toContain("（未作答）");
    expect(item(view, "qa").textContent).not.toContain("跳过");
  });
});
