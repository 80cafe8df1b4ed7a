import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ExamAttempt } from "@wjgj/core/api/exam-guard";
import type { AnswerPageInput, OpenData } from "@wjgj/core/pages/answer";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publicSettings } from "../../testing/answer-fixtures.ts";
import { App } from "../app.tsx";
import { prepareAnswerPage, renderAnswerPage } from "../ssr.tsx";

const definition = {
  schemaVersion: 1,
  kind: "exam",
  title: "消防知识考试",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "火警电话是",
          required: false,
          config: {
            options: [
              { id: "a", label: "119" },
              { id: "b", label: "110" },
            ],
            columns: 1,
          },
        },
      ],
    },
  ],
  computed: [],
  quotas: [],
  settings: { numbering: "dynamic", allowBack: true, exam: { timeLimitMinutes: 30 } },
} as unknown as NonNullable<OpenData["definition"]>;

const guard = {
  candidatesOnly: true,
  signIn: "number" as const,
  fullscreen: false,
  blockCopy: false,
  watermark: true,
  camera: false,
  snapshotMinutes: 5,
  attempts: true,
  review: true,
  timeLimitMinutes: 30,
};

function openData(overrides: Partial<OpenData> = {}): OpenData {
  return {
    state: "open",
    stateMessage: "",
    gate: "candidate",
    publicId: "Exam123456",
    title: "消防知识考试",
    kind: "exam",
    revisionId: null,
    definition: null,
    answerToken: null,
    settings: publicSettings({ progressBar: false, tabSwitchLimit: 3, examGuard: guard }),
    ...overrides,
  } as OpenData;
}

// The server's clock is a day behind the device's: the page must count from the server's.
const SERVER_NOW = Date.now() - 86_400_000;
const attempt: ExamAttempt = {
  attemptToken: "attempt-token-1",
  attemptNo: 1,
  attemptsAllowed: 1,
  seed: "Seed_abcdefgh1234",
  status: "active",
  deadline: SERVER_NOW + 12 * 60_000,
  serverNow: SERVER_NOW,
  switches: 0,
  endedReason: null,
  responseId: null,
  answers: {},
  pageId: null,
  history: [],
  candidate: { name: "王小明", number: "A001" },
};
const sync = {
  status: "active",
  deadline: attempt.deadline,
  serverNow: SERVER_NOW,
  switches: 0,
  endedReason: null,
  responseId: null,
};

let root: Root | null = null;
let calls: { path: string; body: Record<string, unknown> }[] = [];
const errors = vi.fn();
/** What the attempt's own calls (save, heartbeat, events) answer. */
let syncReply: typeof sync = sync;
/** When set, the submit's reply waits for it, and it says what the submit answers. */
let submitReply: Promise<{ code: number; msg: string }> | null = null;
/** When set, exam/start refuses with this message (409), no attempt left. */
let startRefusal: string | null = null;
/** What exam/signIn says is left (exam-app.tsx closes at 0). */
let signInLeft = 1;
/** What a stored submit answers beyond the plain reply (the score, the receipt). */
let replyExtra: Record<string, unknown> = {};

beforeEach(() => {
  calls = [];
  syncReply = sync;
  submitReply = null;
  startRefusal = null;
  signInLeft = 1;
  replyExtra = {};
  errors.mockReset();
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(console, "error").mockImplementation(errors);
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/wjgj\/api\//, "").replace(/\?.*$/, "");
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      if (path === "exam/start" && startRefusal)
        return new Response(JSON.stringify({ code: 409, msg: startRefusal, data: { attemptsLeft: 0 } }));
      if (path === "anQuestion/questionAnswer" && submitReply) {
        const reply = await submitReply;
        if (reply.code !== 200) return new Response(JSON.stringify({ ...reply, data: null }));
      }
      const data =
        path === "exam/signIn"
          ? { candidateToken: "candidate-token-1", candidate: attempt.candidate, attemptsLeft: signInLeft }
          : path === "exam/start"
            ? {
                attempt,
                open: openData({ gate: null, revisionId: 7, definition, answerToken: "answer-token" }),
              }
            : path === "anQuestion/questionAnswer"
              ? {
                  responseId: 9,
                  preview: false,
                  endState: "submitted",
                  thankYouText: "",
                  redirectUrl: "",
                  redirectSeconds: 0,
                  exam: null,
                  voteResults: null,
                  ...replyExtra,
                }
              : syncReply;
      return new Response(JSON.stringify({ code: 200, msg: "", data }));
    }),
  );
});
afterEach(() => {
  // A test that left the page (visibilityState "hidden") comes back to it.
  delete (document as { visibilityState?: unknown }).visibilityState;
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function hydrate(open: OpenData) {
  const input: AnswerPageInput = { page: "answer", open, today: "2026-06-01", deviceId: "Device_12345678" };
  const data = prepareAnswerPage(input);
  const container = document.createElement("div");
  container.innerHTML = renderAnswerPage(data).html;
  document.body.append(container);
  const serverHtml = container.innerHTML;
  await act(async () => {
    root = hydrateRoot(container, <App data={data} />);
  });
  return serverHtml;
}

/** Signs in as 王小明, starts the attempt and answers q1 (its save is on its way). */
async function startAndAnswer() {
  await hydrate(openData());
  fireEvent.input(screen.getByLabelText("准考证号"), { target: { value: "A001" } });
  fireEvent.input(screen.getByLabelText("姓名"), { target: { value: "王小明" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "登录考试" })));
  const start = await screen.findByRole("button", { name: "开始考试" });
  await act(async () => fireEvent.click(start));
  fireEvent.click(await screen.findByLabelText("119"));
}

/** A reply that the test hands out later. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** 交卷, then 确定交卷 in the question that follows. */
async function handIn() {
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "交卷" })));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "确定交卷" })));
}

const savedWithAnswer = () => calls.some((c) => c.path === "exam/save" && "q1" in (c.body.answers as object));

/**
 * Answers q1 and hands in, with the submit's reply held back; meanwhile the server reports the attempt ended
 * (the submit itself ended it: time up) in the reply to the answer's save. Answers what releases the submit's reply.
 */
async function submitWhileTheAttemptEnds() {
  const submit = deferred<{ code: number; msg: string }>();
  submitReply = submit.promise;
  await startAndAnswer();
  syncReply = { ...sync, status: "ended", endedReason: "timeout" } as unknown as typeof sync;
  await handIn();
  await waitFor(() => expect(savedWithAnswer()).toBe(true), { timeout: 4000 });
  // The save's reply is applied.
  await act(async () => {});
  return submit.resolve;
}

describe("an exam with 考生名单 on the answer page", () => {
  it("signs in, starts an attempt, counts down on the server's clock, saves and submits with the attempt", async () => {
    const serverHtml = await hydrate(openData());
    expect(serverHtml).toContain("请输入准考证号和姓名登录考试");
    expect(errors).not.toHaveBeenCalled();

    fireEvent.input(screen.getByLabelText("准考证号"), { target: { value: "A001" } });
    fireEvent.input(screen.getByLabelText("姓名"), { target: { value: "王小明" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "登录考试" })));
    expect(calls.find((c) => c.path === "exam/signIn")?.body).toEqual({
      publicId: "Exam123456",
      number: "A001",
      name: "王小明",
    });
    expect(await screen.findByText("考生：王小明（A001）")).toBeTruthy();
    expect(screen.getByText(/^考试时长 30 分钟/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "开始考试" })));
    expect(calls.find((c) => c.path === "exam/start")?.body).toMatchObject({
      publicId: "Exam123456",
      candidateToken: "candidate-token-1",
    });
    // 12 minutes on the server's clock, though the device's is a day ahead of it.
    await waitFor(() => expect(screen.getByRole("timer").textContent).toMatch(/剩余时间 1[12]:\d\d/));
    expect(screen.getByTestId("exam-watermark").getAttribute("data-text")).toBe("王小明 A001");

    fireEvent.click(await screen.findByLabelText("119"));
    await waitFor(() =>
      expect(
        calls.find((c) => c.path === "exam/save" && "q1" in (c.body.answers as object))?.body,
      ).toMatchObject({ attemptToken: "attempt-token-1", answers: { q1: { optionId: "a" } } }),
    );
    await handIn();
    await waitFor(() => expect(calls.some((c) => c.path === "anQuestion/questionAnswer")).toBe(true));
    expect(calls.find((c) => c.path === "anQuestion/questionAnswer")?.body).toMatchObject({
      attemptToken: "attempt-token-1",
      deviceId: attempt.seed,
    });
  });

  it("turns to the closed screen when no attempt is left, instead of a start button refused again", {
    timeout: 30_000,
  }, async () => {
    startRefusal = "您的考试次数已用完，不能再次作答";
    await hydrate(openData());
    fireEvent.input(screen.getByLabelText("准考证号"), { target: { value: "A001" } });
    fireEvent.input(screen.getByLabelText("姓名"), { target: { value: "王小明" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "登录考试" })));
    const start = await screen.findByRole("button", { name: "开始考试" }, { timeout: 10_000 });
    await act(async () => fireEvent.click(start));
    expect(await screen.findByText("您的考试已结束")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("您的考试次数已用完，不能再次作答");
    expect(screen.queryByRole("button", { name: "开始考试" })).toBeNull();
  });

  it("closes on signing in when the candidate has no attempt left: no 开始考试 at all", async () => {
    signInLeft = 0;
    await hydrate(openData());
    fireEvent.input(screen.getByLabelText("准考证号"), { target: { value: "A001" } });
    fireEvent.input(screen.getByLabelText("姓名"), { target: { value: "王小明" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "登录考试" })));
    expect(await screen.findByText("您的考试已结束")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("您的考试次数已用完，不能再次作答");
    expect(screen.queryByRole("button", { name: "开始考试" })).toBeNull();
    expect(calls.some((c) => c.path === "exam/start")).toBe(false);
  });

  it("keeps the page while its own submit travels, though a save comes back saying the attempt ended", async () => {
    const reply = await submitWhileTheAttemptEnds();
    expect(screen.queryByTestId("exam-closed")).toBeNull();

    await act(async () => reply({ code: 200, msg: "" }));
    expect(await screen.findByTestId("thank-you")).toBeTruthy();
    expect(screen.queryByTestId("exam-closed")).toBeNull();
  });

  it("closes the page with the end reported meanwhile when its submit comes back without storing", async () => {
    const reply = await submitWhileTheAttemptEnds();
    expect(screen.queryByTestId("exam-closed")).toBeNull();

    await act(async () => reply({ code: 409, msg: "考试已结束" }));
    expect((await screen.findByTestId("exam-closed")).textContent).toContain(
      "考试时间已到，已按截止前保存的答案交卷",
    );
  });
});

describe("an attempt the server hands in past the 切屏 limit", () => {
  const leave = () => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  };
  /** Answers q1, then leaves the page once more than allowed: the server's reply to that switch ends it. */
  async function switchPastTheLimit() {
    await startAndAnswer();
    await waitFor(() => expect(savedWithAnswer()).toBe(true), { timeout: 4000 });
    syncReply = {
      ...sync,
      status: "ended",
      endedReason: "tabSwitch",
      switches: 4,
      responseId: 9,
    } as unknown as typeof sync;
    await act(async () => leave());
  }

  it("shows what a hand-in by 交卷 shows: the score, 查看我的答卷, and why it was handed in", async () => {
    replyExtra = {
      exam: { total: 4, max: 13, passMark: null, passed: null, pendingManual: 0 },
      receiptToken: "receipt-token-9",
    };
    await switchPastTheLimit();
    expect(calls.find((c) => c.path === "exam/event")?.body).toMatchObject({ kind: "switch" });
    // The page asks for the stored response's reply: its submit, with the attempt, answers it.
    await screen.findByTestId("thank-you");
    expect(calls.find((c) => c.path === "anQuestion/questionAnswer")?.body).toMatchObject({
      attemptToken: "attempt-token-1",
      forced: "tabSwitch",
    });
    expect(await screen.findByText("交卷成功")).toBeTruthy();
    expect(screen.getByTestId("hand-in-reason").textContent).toBe(
      "离开答题页面或退出全屏的次数超过限制，答卷已按已保存的答案提交",
    );
    expect((await screen.findByText("4")).closest(".wa-score")?.textContent).toBe("4/ 13 分");
    expect(screen.getByRole("link", { name: "查看我的答卷" }).getAttribute("href")).toBe(
      "/receipt/receipt-token-9",
    );
    expect(screen.queryByTestId("exam-closed")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // Over: nothing more is watched (no watermark, no further reports).
    expect(screen.queryByTestId("exam-watermark")).toBeNull();
  });

  it("closes with the end's message when the stored response's reply cannot be had", async () => {
    submitReply = Promise.resolve({ code: 409, msg: "本次考试已结束，答卷已提交" });
    await switchPastTheLimit();
    expect((await screen.findByTestId("exam-closed")).textContent).toContain(
      "离开答题页面或退出全屏的次数超过限制，答卷已按已保存的答案提交",
    );
    expect(calls.filter((c) => c.path === "anQuestion/questionAnswer")).toHaveLength(1);
  });
});

describe("an attempt the server ends for another reason, with the paper handed in", () => {
  /** Answers q1, then changes the answer: the server's reply to that save says the attempt ended with `reason`. */
  async function endedOnTheNextSave(reason: "invigilator" | "timeout") {
    replyExtra = {
      exam: { total: 5, max: 13, passMark: null, passed: null, pendingManual: 0 },
      receiptToken: "receipt-token-9",
    };
    await startAndAnswer();
    await waitFor(() => expect(savedWithAnswer()).toBe(true), { timeout: 4000 });
    syncReply = { ...sync, status: "ended", endedReason: reason, responseId: 9 } as unknown as typeof sync;
    fireEvent.click(screen.getByLabelText("110"));
  }

  it.each([
    ["invigilator", "监考老师已结束您的考试，答卷已按已保存的答案提交"],
    ["timeout", "考试时间已到，已按截止前保存的答案交卷"],
  ] as const)("%s: the score and 查看我的答卷, with why, not the closed screen", async (reason, line) => {
    await endedOnTheNextSave(reason);
    await screen.findByTestId("thank-you", {}, { timeout: 4000 });
    // The page asks for the stored response's reply with the attempt; the server answers it whatever is sent.
    expect(calls.find((c) => c.path === "anQuestion/questionAnswer")?.body).toMatchObject({
      attemptToken: "attempt-token-1",
      forced: "timeout",
    });
    expect(screen.getByTestId("hand-in-reason").textContent).toBe(line);
    expect((await screen.findByText("5")).closest(".wa-score")?.textContent).toBe("5/ 13 分");
    expect(screen.getByRole("link", { name: "查看我的答卷" }).getAttribute("href")).toBe(
      "/receipt/receipt-token-9",
    );
    expect(screen.queryByTestId("exam-closed")).toBeNull();
  });

  it("closes with the end's message when the attempt ended without a response", async () => {
    await startAndAnswer();
    await waitFor(() => expect(savedWithAnswer()).toBe(true), { timeout: 4000 });
    syncReply = { ...sync, status: "ended", endedReason: "invigilator" } as unknown as typeof sync;
    fireEvent.click(screen.getByLabelText("110"));
    expect((await screen.findByTestId("exam-closed", {}, { timeout: 4000 })).textContent).toContain(
      "监考老师已结束您的考试",
    );
    expect(calls.some((c) => c.path === "anQuestion/questionAnswer")).toBe(false);
  });
});
