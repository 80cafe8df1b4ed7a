import { fireEvent, screen, within } from "@testing-library/react";
import { allowedActions, type ExamLive, type ExamLiveAttempt, type QuestionaryDetail } from "@wjgj/core";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import {
  attemptStatusTag,
  clockOffset,
  formatRemaining,
  remainingSeconds,
} from "./components/invigilation/live-model.ts";
import { overview, questionary } from "./testing/fixtures.ts";
import { button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

const exam = (role: "owner" | "viewer", candidatesOnly = true) =>
  ({
    ...questionary,
    kind: "exam",
    kindName: "在线考试",
    settings: { examGuard: { candidatesOnly } },
    myRole: role,
    permissions: allowedActions(role),
  }) as unknown as QuestionaryDetail;

const attempt = (patch: Partial<ExamLiveAttempt>): ExamLiveAttempt => ({
  attemptId: 1,
  candidateId: 1,
  name: "张*",
  number: "20****01",
  attemptNo: 1,
  status: "active",
  endedReason: null,
  startedAt: "2026-12-03T08:00:00.000Z",
  deadline: null,
  addedMinutes: 0,
  switches: 0,
  lastSeenAt: "2026-12-03T08:00:00.000Z",
  online: true,
  latestSnapshot: null,
  score: null,
  responseId: null,
  ...patch,
});

/**
 * The server's clock runs 10 minutes ahead of this browser's: the countdown must follow the server
 * (12 min 5 s left), where one computed from the browser's clock would say 22 min.
 */
function live(): ExamLive {
  const serverNow = Date.now() + 10 * 60_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    serverNow: iso(serverNow),
    counts: { listed: 5, notStarted: 2, answering: 1, finished: 2 },
    attempts: [
      attempt({ attemptId: 1, deadline: iso(serverNow + 12 * 60_000 + 5_000), switches: 2 }),
      attempt({ attemptId: 2, name: "李*", status: "submitted", online: false, responseId: 9 }),
      attempt({
        attemptId: 3,
        name: "王*",
        status: "ended",
        endedReason: "invigilator",
        online: false,
        responseId: 10,
      }),
    ],
  };
}

function render(detail: QuestionaryDetail, more: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    ...more,
    "questionary/getQuestionaryDetail": () => detail,
    "statistics/getOverview": () => overview(0),
    "exam/getLive": () => live(),
    "exam/getCandidates": () => ({ total: 0, list: [] }),
    "exam/endAttempt": () => null,
  });
  renderResults("?id=7&tab=invigilation");
  return calls;
}

const rowOf = async (name: string) => {
  const table = await screen.findByTestId("exam-live-table", {}, slow);
  const cell = await within(table).findByText(name, {}, slow);
  return cell.closest("tr") as HTMLTableRowElement;
};

setupResultTests();

describe("监考 · 实时监考", { timeout: 30_000 }, () => {
  it("counts from the server's clock, not the browser's", () => {
    const offset = clockOffset("2026-12-03T08:10:00.000Z", Date.parse("2026-12-03T08:00:00.000Z"));
    expect(offset).toBe(600_000);
    const now = Date.parse("2026-12-03T08:00:00.000Z");
    expect(remainingSeconds("2026-12-03T08:22:05.000Z", offset, now)).toBe(725);
    expect(remainingSeconds("2026-12-03T08:05:00.000Z", offset, now)).toBe(0);
    expect(remainingSeconds(null, offset, now)).toBeNull();
    expect(formatRemaining(725)).toBe("12:05");
    expect(formatRemaining(3_909)).toBe("1:05:09");
    expect(formatRemaining(null)).toBe("不限时");
  });

  it("tags attempts 作答中 / 已交卷 and says why one was handed in for the candidate", () => {
    expect(attemptStatusTag({ status: "active", endedReason: null }).label).toBe("作答中");
    expect(attemptStatusTag({ status: "submitted", endedReason: null })).toMatchObject({
      label: "已交卷",
      note: null,
    });
    expect(attemptStatusTag({ status: "ended", endedReason: "tabSwitch" })).toMatchObject({
      label: "已交卷",
      note: "切屏超限自动交卷",
    });
  });

  it("shows the counts, each attempt's status, time left and switches, with 加时 and 结束考试 for managers", async () => {
    // The browser's clock stands still (timers still run), so the time left is exact.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-12-03T08:00:00.000Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const calls = render(exam("owner"));
    const active = await rowOf("张*");
    expect(within(active).getByTestId("exam-live-status").textContent).toBe("作答中");
    expect(within(active).getByTestId("exam-live-remaining").textContent).toBe("12:05");
    expect(active.textContent).toContain("在线");
    expect(within(active).getByText("加时")).toBeTruthy();
    expect(within(active).getByText("结束考试")).toBeTruthy();
    const submitted = await rowOf("李*");
    expect(within(submitted).getByTestId("exam-live-status").textContent).toBe("已交卷");
    expect(within(submitted).queryByText("结束考试")).toBeNull();
    const ended = await rowOf("王*");
    expect(within(ended).getByTestId("exam-live-status").textContent).toBe("已交卷监考老师结束");
    const live = screen.getByTestId("exam-live");
    const counts: [string, string][] = [
      ["名单人数", "5"],
      ["未开始", "2"],
      ["作答中", "1"],
      ["已交卷", "2"],
    ];
    for (const [title, value] of counts) {
      const stat = within(live).getAllByText(title, { selector: ".ant-statistic-title" })[0];
      expect(stat?.closest(".ant-statistic")?.querySelector(".ant-statistic-content")?.textContent).toBe(
        value,
      );
    }
    expect(calls.find((call) => call.path === "exam/getLive")?.params).toEqual({ id: "7" });
    expect(screen.getAllByText("最新抓拍").length).toBeGreaterThan(0);
  });

  it("hides 加时, 结束考试 and the snapshots from a viewer", async () => {
    render(exam("viewer"));
    const active = await rowOf("张*");
    expect(within(active).getByText("时间线")).toBeTruthy();
    expect(within(active).queryByText("加时")).toBeNull();
    expect(within(active).queryByText("结束考试")).toBeNull();
    expect(screen.queryAllByText("最新抓拍")).toEqual([]);
  });

  it("ends an attempt after the confirmation", async () => {
    const calls = render(exam("owner"));
    const active = await rowOf("张*");
    fireEvent.click(button(within(active).getByText("结束考试")));
    const confirm = await screen.findByText("将按考生已保存的答案交卷，考生不能继续作答。");
    const popover = confirm.closest(".ant-popover") as HTMLElement;
    fireEvent.click(button(within(popover).getByText("结束考试")));
    await screen.findByText("已结束 张* 的考试");
    expect(calls.find((call) => call.path === "exam/endAttempt")?.body).toEqual({ id: 7, attemptId: 1 });
  });

  it("shows the timeline with its snapshot fetched with the session, and revokes the image when closed", async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    Object.assign(URL, {
      createObjectURL: () => {
        created.push("blob:snap");
        return "blob:snap";
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    const calls = render(exam("owner"), {
      "exam/getTimeline": () => ({
        events: [
          {
            id: 31,
            kind: "start",
            label: "开始作答",
            at: "2026-12-03T08:00:00.000Z",
            detail: "",
            snapshot: false,
          },
          {
            id: 32,
            kind: "snapshot",
            label: "监考抓拍",
            at: "2026-12-03T08:00:02.000Z",
            detail: "",
            snapshot: true,
          },
          {
            id: 33,
            kind: "switch",
            label: "离开答题页面",
            at: "2026-12-03T08:03:00.000Z",
            detail: "第 1 次",
            snapshot: false,
          },
        ],
      }),
      "exam/getSnapshot": () =>
        new Response(new Blob(["jpeg"]), { headers: { "Content-Type": "image/jpeg" } }),
    });
    const active = await rowOf("张*");
    fireEvent.click(button(within(active).getByText("时间线")));
    const drawer = await screen.findByTestId("exam-timeline");
    expect(await within(drawer).findByText("离开答题页面")).toBeTruthy();
    expect(within(drawer).getByText("（第 1 次）")).toBeTruthy();
    const image = await within(drawer).findByAltText("监考抓拍");
    expect(image.getAttribute("src")).toBe("blob:snap");
    const snapshot = calls.find((call) => call.path === "exam/getSnapshot");
    expect(snapshot?.params).toEqual({ id: "7", eventId: "32" });
    expect(snapshot?.token).toBe("t-1");
    fireEvent.click(drawer.closest(".ant-drawer")?.querySelector(".ant-drawer-close") as HTMLElement);
    await vi.waitFor(() => expect(revoked).toEqual(created));
  });

  it("points to the settings when 考生名单 is off", async () => {
    render(exam("owner", false));
    const hint = await screen.findByTestId("candidates-off", {}, slow);
    expect(within(hint).getByText("去设置").getAttribute("href")).toBe("/dc/dcDesign?id=7");
  });
});
