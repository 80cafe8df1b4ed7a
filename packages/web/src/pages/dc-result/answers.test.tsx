import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { detail, listOrder, overview, questionary, summary } from "./testing/fixtures.ts";
import { type ApiCall, button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

function handlers() {
  return {
    "questionary/getQuestionaryDetail": () => questionary,
    "statistics/getOverview": () => overview(),
    "answer/getAnswerList": (call: ApiCall) => ({
      list: call.body.status === "deleted" ? [] : listOrder.map((id) => summary(id)),
      total: call.body.status === "deleted" ? 0 : listOrder.length,
      pageNum: 1,
      pageSize: 20,
    }),
    "answer/getAnswerDetail": (call: ApiCall) => detail(Number(call.body.responseId)),
    "answer/deleteAnswer": (call: ApiCall) => ({ changed: (call.body.responseIds as number[]).length }),
  };
}

const drawer = () => screen.getByTestId("answer-drawer");
const drawerTitle = () => screen.getByTestId("answer-drawer-title");
const chosen = () => Array.from(drawer().querySelectorAll(".is-chosen")).map((node) => node.textContent);

setupResultTests();

describe("答卷详情", { timeout: 60_000 }, () => {
  it("lists responses, opens one as answered and steps through the list with ↓ and ↑", async () => {
    const calls = stubApi(handlers());
    renderResults("?id=7&tab=answers");
    const tab = await screen.findByTestId("answers-tab", {}, slow);
    // The status switch is named for screen readers by what it switches (rc-segmented's own is English).
    expect(within(tab).getByRole("radiogroup", { name: "答卷状态" })).toBeTruthy();
    const firstRow = (await within(tab).findByText("2025-01-03 09:00:00", {}, slow)).closest(
      "tr",
    ) as HTMLElement;
    expect(firstRow.textContent).toContain("10.0.0.3");
    expect(firstRow.textContent).toContain("1分03秒");
    expect(firstRow.textContent).toContain("建议3");
    // 序号 is the response's own number (seq), not its row: the newest of three is 3.
    const seqCell = firstRow.querySelectorAll("td")[1];
    expect(seqCell?.textContent).toBe("3");

    fireEvent.click(button(within(firstRow).getByText("查看")));
    await waitFor(() => expect(drawer().dataset.response).toBe("3"), slow);
    // On a phone (jsdom's width) the title is the place in the list, on one line; the full title is its tooltip.
    expect(drawerTitle().textContent).toBe("第 1 / 3 份");
    expect(drawerTitle().title).toBe("答卷详情（第 1 / 3 份）");
    expect(drawerTitle().closest(".ant-drawer-title")?.classList).toContain("wj-answer-drawer__title");
    expect(chosen()).toEqual(["男", "数学"]);
    expect(within(drawer()).getByText("序号").nextElementSibling?.textContent).toBe("3");
    expect(within(drawer()).queryByTestId("answer-wechat")).toBeNull();
    expect(within(drawer()).queryByTestId("answer-candidate")).toBeNull();
    // Every option is listed, as on the answer page; only the chosen ones are marked.
    expect(drawer().textContent).toContain("美术");
    expect(drawer().textContent).toContain("建议3");
    expect(button(screen.getByText("上一份")).disabled).toBe(true);
    expect(button(screen.getByText("下一份")).disabled).toBe(false);

    fireEvent.keyDown(window, { key: "ArrowDown" });
    await waitFor(() => expect(drawer().dataset.response).toBe("2"), slow);
    expect(chosen()).toEqual(["女", "数学"]);
    expect(drawerTitle().title).toBe("答卷详情（第 2 / 3 份）");
    // 考生 (issue #40): the candidate of an exam attempt, masked, with the attempt's summary.
    const candidate = within(drawer()).getByTestId("answer-candidate");
    expect(candidate.textContent).toBe("张*（20***01） · 第 1 次作答 · 切屏 2 次");
    expect(drawer().textContent).toContain("时间到自动交卷");
    // Stepping asks for the next response in the list's own order.
    expect(calls.filter((c) => c.path === "answer/getAnswerDetail").at(-1)?.body).toMatchObject({
      id: 7,
      responseId: 2,
      sort: "timeDesc",
      status: "valid",
    });

    expect(button(screen.getByText("上一份")).disabled).toBe(false);
    fireEvent.click(button(screen.getByText("下一份")));
    await waitFor(() => expect(drawer().dataset.response).toBe("1"), slow);
    expect(button(screen.getByText("下一份")).disabled).toBe(true);
    // 记录微信昵称头像 (issue #39): the WeChat user it came from, where one was kept.
    const wechat = within(drawer()).getByTestId("answer-wechat");
    expect(wechat.textContent).toContain("微信小明");
    expect(within(wechat).getByAltText("微信头像").getAttribute("src")).toBe(
      "https://thirdwx.qlogo.cn/mmopen/x/132",
    );

    fireEvent.keyDown(window, { key: "ArrowUp" });
    await waitFor(() => expect(drawer().dataset.response).toBe("2"), slow);
  });

  it("on a phone, opens a response with a tap on its row, but not with a tap on its checkbox", async () => {
    stubApi(handlers());
    renderResults("?id=7&tab=answers");
    const row = (await screen.findByText("2025-01-02 09:00:00", {}, slow)).closest("tr") as HTMLElement;
    // jsdom's width is a phone's: 操作 scrolls with the table, so the row itself opens the response.
    expect(row.classList).toContain("is-tappable");
    const checkbox = row.querySelector(".ant-table-selection-column input") as HTMLInputElement;
    fireEvent.click(checkbox);
    await waitFor(() => expect(checkbox.checked).toBe(true));
    expect(screen.queryByTestId("answer-drawer")).toBeNull();
    expect(within(screen.getByTestId("answers-tab")).getByText("批量删除").closest("button")?.disabled).toBe(
      false,
    );

    fireEvent.click(within(row).getByText("10.0.0.2"));
    await waitFor(() => expect(drawer().dataset.response).toBe("2"), slow);
    expect(drawerTitle().textContent).toBe("第 2 / 3 份");
  });

  it("deletes the open response to the 回收站 after confirming and moves on to the next", async () => {
    const calls = stubApi(handlers());
    renderResults("?id=7&tab=answers");
    const row = (await screen.findByText("2025-01-03 09:00:00", {}, slow)).closest("tr") as HTMLElement;
    fireEvent.click(button(within(row).getByText("查看")));
    await waitFor(() => expect(drawer().dataset.response).toBe("3"), slow);

    const footer = document.querySelector(".wj-answer-drawer__footer") as HTMLElement;
    fireEvent.click(button(within(footer).getByText("删除")));
    const [confirm] = await screen.findAllByText("删除这份答卷？", {}, slow);
    const box = confirm?.closest(".ant-modal-container, .ant-modal-content") as HTMLElement;
    fireEvent.click(button(within(box).getByText("删除")));

    await waitFor(() =>
      expect(calls.find((c) => c.path === "answer/deleteAnswer")?.body).toEqual({ id: 7, responseIds: [3] }),
    );
    await waitFor(() => expect(drawer().dataset.response).toBe("2"), slow);
    expect(await screen.findByText("答卷已移入回收站")).toBeTruthy();
  });

  it("sorts by 用时 on the server and shows the 回收站 as its own view", async () => {
    const calls = stubApi(handlers());
    renderResults("?id=7&tab=answers");
    const tab = await screen.findByTestId("answers-tab", {}, slow);
    await within(tab).findByText("2025-01-03 09:00:00", {}, slow);
    const header = within(tab).getAllByText("用时")[0]?.closest("th") as HTMLElement;
    fireEvent.click(header);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "answer/getAnswerList").at(-1)?.body).toMatchObject({
        sort: "durationAsc",
      }),
    );
    fireEvent.click(within(tab).getByText("回收站（0）"));
    expect(await within(tab).findByText("回收站是空的", {}, slow)).toBeTruthy();
    expect(calls.filter((c) => c.path === "answer/getAnswerList").at(-1)?.body).toMatchObject({
      status: "deleted",
      pageNum: 1,
    });
    // The 回收站 offers 恢复, not 删除.
    expect(within(tab).getByText("批量恢复")).toBeTruthy();
    expect(within(tab).queryByText("批量删除")).toBeNull();
  });
});
