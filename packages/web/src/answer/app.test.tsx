import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { AnswerPageInput, OpenData } from "@wjgj/core/pages/answer";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { publicSettings } from "../testing/answer-fixtures.ts";
import { App } from "./app.tsx";
import { draftKey } from "./lib/draft-store.ts";
import { keepEarlyInput } from "./lib/early-input.ts";
import { prepareAnswerPage, renderAnswerPage } from "./ssr.tsx";

const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "周末活动调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "go",
          type: "single",
          title: "周末是否外出",
          required: true,
          config: {
            options: [
              { id: "yes", label: "外出" },
              { id: "no", label: "在家" },
            ],
            columns: 1,
          },
        },
        {
          id: "where",
          type: "text",
          title: "去哪里？",
          required: false,
          showIf: { kind: "selected", questionId: "go", optionIds: ["yes"], match: "any" },
          config: { format: "none", patterns: [], unique: false },
        },
      ],
    },
    {
      id: "p2",
      questions: [
        {
          id: "note",
          type: "textarea",
          title: "{{go}}的感受",
          required: false,
          config: { rows: 4, patterns: [] },
        },
      ],
    },
  ],
  computed: [],
  quotas: [],
  settings: { numbering: "dynamic", allowBack: true },
} as unknown as NonNullable<OpenData["definition"]>;

function openData(overrides: Partial<OpenData> = {}): OpenData {
  return {
    state: "open",
    stateMessage: "",
    gate: null,
    publicId: "Pub1234567",
    title: "周末活动调查",
    kind: "survey",
    revisionId: 5,
    definition,
    answerToken: "Pub1234567.5.1780000000.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
    settings: publicSettings({ thankYouText: "谢谢参与！" }),
    ...overrides,
  };
}

const reply = {
  responseId: 1,
  preview: false,
  endState: "submitted",
  thankYouText: "谢谢参与！",
  redirectUrl: "",
  redirectSeconds: 0,
  exam: null,
  voteResults: null,
};

let root: Root | null = null;
let posts: { url: string; body: Record<string, unknown> }[] = [];
const errors = vi.fn();

beforeEach(() => {
  posts = [];
  errors.mockReset();
  vi.spyOn(console, "error").mockImplementation(errors);
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      posts.push({ url, body });
      // Slow enough that a second tap lands while the first request is in flight.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return new Response(JSON.stringify({ code: 200, msg: "提交成功", data: reply }));
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

/**
 * Server-renders the page, puts the HTML where the browser would find it, and hydrates it; `beforeScript`
 * acts on the server's markup first, as a respondent can while the script is still downloading.
 */
async function hydrate(open: OpenData = openData(), beforeScript?: (container: HTMLElement) => void) {
  const input: AnswerPageInput = { page: "answer", open, today: "2026-06-01", deviceId: "Device_12345678" };
  const data = prepareAnswerPage(input);
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = renderAnswerPage(data).html;
  document.body.append(container);
  const serverHtml = container.innerHTML;
  beforeScript?.(container);
  const replayEarlyInput = keepEarlyInput(container);
  await act(async () => {
    root = hydrateRoot(container, <App data={data} />);
  });
  await act(async () => replayEarlyInput());
  return { container, serverHtml };
}

describe("the respondent page in the browser", () => {
  it("hydrates the server's markup as is, then runs the logic live", async () => {
    let serverButton: HTMLButtonElement | null = null;
    document.documentElement.removeAttribute("data-live");
    const { container, serverHtml } = await hydrate(openData(), (markup) => {
      serverButton = markup.querySelector<HTMLButtonElement>(".wa-actions .wa-btn-main");
      // Not live while the server's markup is all there is; browser tests wait for the mark.
      expect(document.documentElement.hasAttribute("data-live")).toBe(false);
    });
    expect(serverHtml).toContain("周末是否外出");
    // A tap before the script takes over would do nothing: the server's 下一页 waits, the hydrated one works.
    expect(serverHtml).toMatch(/<button[^>]*disabled[^>]*>下一页<\/button>/);
    expect(serverButton).not.toBeNull();
    expect((screen.getByRole("button", { name: "下一页" }) as HTMLButtonElement).disabled).toBe(false);
    expect(document.documentElement.hasAttribute("data-live")).toBe(true);
    expect(errors).not.toHaveBeenCalled();
    await waitFor(() => expect(localStorage.getItem("wjgj:deviceId")).toBe("Device_12345678"));
    expect(screen.queryByText("去哪里？")).toBeNull();
    fireEvent.click(screen.getByLabelText("外出"));
    await waitFor(() => expect(screen.getByText("去哪里？")).toBeTruthy());
    expect(container.querySelector(".wa-percent")?.textContent).toBe("33%");
  });

  it("keeps an option ticked in the server's markup before hydration: the answers and the logic take it", async () => {
    await hydrate(openData(), (container) => {
      const yes = [...container.querySelectorAll<HTMLInputElement>("#q-go input")][0];
      if (!yes) throw new Error("no option");
      yes.checked = true;
    });
    await waitFor(() => expect(screen.getByText("去哪里？")).toBeTruthy());
    expect((screen.getByLabelText("外出") as HTMLInputElement).checked).toBe(true);
  });

  it("shuffles options with the device id the server rendered with, so nothing moves after hydration", async () => {
    const labels = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛"];
    const shuffled = {
      ...definition,
      pages: [
        {
          id: "p1",
          questions: [
            {
              id: "pick",
              type: "single",
              title: "随机顺序",
              required: false,
              randomizeOptions: { keepLast: 0 },
              config: { options: labels.map((label, i) => ({ id: `o${i}`, label })), columns: 1 },
            },
          ],
        },
      ],
    } as unknown as typeof definition;
    const order = () => [...document.querySelectorAll("#q-pick .wa-opt-label")].map((el) => el.textContent);
    const { serverHtml } = await hydrate(openData({ definition: shuffled }));
    const rendered = order();
    expect(rendered).not.toEqual(labels);
    // The server's markup already had this order: the labels appear in it one after another.
    const positions = rendered.map((label) => serverHtml.indexOf(`>${label}<`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await waitFor(() => expect(localStorage.getItem("wjgj:deviceId")).toBe("Device_12345678"));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(order()).toEqual(rendered);
    expect(errors).not.toHaveBeenCalled();

    // Another respondent (another stored id) gets another order once the engine runs.
    act(() => root?.unmount());
    document.body.innerHTML = "";
    localStorage.setItem("wjgj:deviceId", "OtherDevice_987654");
    await hydrate(openData({ definition: shuffled }));
    await waitFor(() => expect(order()).not.toEqual(rendered));
    expect([...order()].sort()).toEqual([...labels].sort());
  });

  it("shows core's Chinese message on 下一页 and pipes the answer into the next page", async () => {
    await hydrate();
    fireEvent.click(screen.getByRole("button", { name: "下一页" }));
    await waitFor(() => expect(screen.getByText("此题为必答题")).toBeTruthy());
    fireEvent.click(screen.getByLabelText("在家"));
    await waitFor(() => expect(screen.queryByText("此题为必答题")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "下一页" }));
    await waitFor(() => expect(screen.getByText("在家的感受")).toBeTruthy());
    expect(screen.getByRole("button", { name: "上一页" })).toBeTruthy();
  });

  it("offers a saved draft back: 继续上次填写 restores it, 重新填写 starts empty", async () => {
    const saved = {
      v: 1,
      revisionId: 5,
      answers: { go: { optionId: "yes" }, where: "西湖" },
      pageId: "p1",
      history: [],
      startedAt: 1,
      tabSwitches: 0,
      savedAt: 2,
    };
    localStorage.setItem(draftKey("Pub1234567"), JSON.stringify(saved));
    await hydrate();
    fireEvent.click(await screen.findByRole("button", { name: "继续上次填写" }));
    await waitFor(() => expect((screen.getByLabelText("外出") as HTMLInputElement).checked).toBe(true));
    expect((screen.getByDisplayValue("西湖") as HTMLInputElement).value).toBe("西湖");
    act(() => root?.unmount());
    document.body.innerHTML = "";
    localStorage.setItem(draftKey("Pub1234567"), JSON.stringify(saved));
    await hydrate();
    fireEvent.click(await screen.findByRole("button", { name: "重新填写" }));
    expect((screen.getByLabelText("外出") as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(draftKey("Pub1234567")) ?? "{}").answers).toEqual({}),
    );
  });

  it("sends one response for a double-tapped 提交, then shows the thank-you screen and forgets the draft", async () => {
    const single = { ...definition, pages: [definition.pages[0]] } as typeof definition;
    await hydrate(openData({ definition: single }));
    fireEvent.click(screen.getByLabelText("在家"));
    const submit = await screen.findByRole("button", { name: "提交" });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    await screen.findByText("谢谢参与！");
    // A survey's 提交 goes at once: 确定交卷吗 is an exam's.
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // The thank-you screen sits in the page's own card (one main landmark), not in a second card inside it.
    expect(document.querySelectorAll("main")).toHaveLength(1);
    expect(screen.getByTestId("thank-you").closest("main.wa-page")).not.toBeNull();
    const submits = posts.filter((p) => p.url.endsWith("anQuestion/questionAnswer"));
    expect(submits).toHaveLength(1);
    expect(submits[0]?.body).toMatchObject({
      publicId: "Pub1234567",
      revisionId: 5,
      answers: { go: { optionId: "no" } },
      deviceId: "Device_12345678",
      source: "link",
      answerToken: "Pub1234567.5.1780000000.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
    });
    expect(String(submits[0]?.body.idempotencyKey)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(localStorage.getItem(draftKey("Pub1234567"))).toBeNull();
  });

  it("shows each question's points after its title when the exam shows them on the paper", async () => {
    await hydrate(openData({ kind: "exam", points: { go: 5 } }));
    const title = document.getElementById("t-go");
    expect(title?.textContent).toContain("（5分）");
    // A question without points (or a page without the setting) shows none.
    expect(document.querySelectorAll(".wa-points")).toHaveLength(1);
  });

  it("hands an exam in when its time is up, and past the tab-switch limit", async () => {
    const exam = {
      ...definition,
      kind: "exam",
      settings: {
        ...definition.settings,
        exam: { timeLimitMinutes: 1, showScoreAfterSubmit: true, showAnswersAfterSubmit: false },
      },
    } as typeof definition;
    const late = {
      v: 1,
      revisionId: 5,
      answers: {},
      pageId: null,
      history: [],
      startedAt: Date.now() - 61_000,
      tabSwitches: 0,
      savedAt: 1,
    };
    localStorage.setItem(draftKey("Pub1234567"), JSON.stringify(late));
    await hydrate(openData({ definition: exam, kind: "exam" }));
    await screen.findByText("交卷成功");
    expect(posts.find((p) => p.url.endsWith("questionAnswer"))?.body).toMatchObject({ forced: "timeout" });
    // Handed in without asking, and the thank-you screen says why.
    expect(screen.getByTestId("hand-in-reason").textContent).toBe("考试时间已到，已自动交卷");
    expect(screen.queryByRole("alertdialog")).toBeNull();

    act(() => root?.unmount());
    document.body.innerHTML = "";
    localStorage.clear();
    posts = [];
    const watched = openData({ definition: exam, kind: "exam" });
    watched.settings.tabSwitchLimit = 1;
    await hydrate(watched);
    const leave = () => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    };
    await waitFor(() => expect(screen.getByText(/切屏 0\/1 次/)).toBeTruthy());
    act(leave);
    expect(await screen.findByText(/检测到您离开了答题页面（第 1 次）/)).toBeTruthy();
    expect(posts.filter((p) => p.url.endsWith("questionAnswer"))).toHaveLength(0);
    // The last switch comes while 确定交卷吗 is open: the paper goes without the answer.
    fireEvent.click(screen.getByLabelText("在家"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "下一页" })));
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "交卷" })));
    expect(await screen.findByRole("alertdialog", { name: "还有 1 题未作答，确定交卷吗？" })).toBeTruthy();
    act(leave);
    await screen.findByText("交卷成功");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(posts.filter((p) => p.url.endsWith("questionAnswer"))).toHaveLength(1);
    expect(posts.find((p) => p.url.endsWith("questionAnswer"))?.body).toMatchObject({ forced: "tabSwitch" });
    expect(screen.getByTestId("hand-in-reason").textContent).toBe("离开答题页面的次数超过限制，已自动交卷");
  });
});

describe("handing in an exam (交卷)", () => {
  /** One page: 周末是否外出 and 感受 optional, 去哪里 shown only after 外出. */
  const paper = {
    ...definition,
    kind: "exam",
    pages: [
      {
        id: "p1",
        questions: [
          { ...definition.pages[0]?.questions[0], required: false },
          definition.pages[0]?.questions[1],
          definition.pages[1]?.questions[0],
        ],
      },
    ],
    settings: { ...definition.settings, exam: { showScoreAfterSubmit: true } },
  } as typeof definition;
  const submits = () => posts.filter((p) => p.url.endsWith("anQuestion/questionAnswer"));

  it("says 交卷 and asks first, counting the shown questions still unanswered; 继续答题 keeps the page", async () => {
    const { serverHtml } = await hydrate(openData({ definition: paper, kind: "exam" }));
    expect(serverHtml).toMatch(/<button[^>]*>交卷<\/button>/);
    expect(screen.queryByRole("button", { name: "提交" })).toBeNull();
    const handIn = screen.getByRole("button", { name: "交卷" });
    handIn.focus();
    await act(async () => fireEvent.click(handIn));
    // 去哪里 is hidden by the logic: two of the shown questions are unanswered.
    const dialog = await screen.findByRole("alertdialog", { name: "还有 2 题未作答，确定交卷吗？" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    // Focus moves in, onto the choice that loses nothing.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "继续答题" }));
    fireEvent.click(screen.getByRole("button", { name: "继续答题" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(handIn);
    expect(screen.getByText("周末是否外出")).toBeTruthy();

    // 外出 shows 去哪里, which counts once shown; Escape closes the question too.
    fireEvent.click(screen.getByLabelText("外出"));
    await waitFor(() => expect(screen.getByText("去哪里？")).toBeTruthy());
    await act(async () => fireEvent.click(handIn));
    expect(await screen.findByRole("alertdialog", { name: "还有 2 题未作答，确定交卷吗？" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(submits()).toHaveLength(0);
    expect(screen.queryByTestId("thank-you")).toBeNull();
  });

  it("hands in on 确定交卷, once; with every question answered it warns that answers are final", async () => {
    await hydrate(openData({ definition: paper, kind: "exam" }));
    fireEvent.click(screen.getByLabelText("在家"));
    fireEvent.input(screen.getByRole("textbox"), { target: { value: "很好" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "交卷" })));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("确定交卷吗？交卷后不能修改答案。");
    expect(submits()).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "确定交卷" })));
    await screen.findByText("交卷成功");
    expect(submits()).toHaveLength(1);
    expect(submits()[0]?.body).toMatchObject({ answers: { go: { optionId: "no" }, note: "很好" } });
    expect(submits()[0]?.body.forced).toBeUndefined();
    expect(screen.queryByTestId("hand-in-reason")).toBeNull();
  });
});

describe("the gates of an exam or a form", () => {
  it("name it by its kind: 该考试需要密码才能填写, 该表单需要登录后才能填写", async () => {
    await hydrate(openData({ kind: "exam", gate: "password", definition: null, revisionId: null }));
    expect(await screen.findByText("该考试需要密码才能填写")).toBeTruthy();
    act(() => root?.unmount());
    document.body.innerHTML = "";
    await hydrate(openData({ kind: "form", gate: "login", definition: null, revisionId: null }));
    expect(await screen.findByText("该表单需要登录后才能填写")).toBeTruthy();
  });
});

describe("the owner's preview (/y/{id}/{type})", () => {
  it("asks a visitor without a login for the creator's account, in the preview's own words", async () => {
    const data = prepareAnswerPage({
      page: "preview",
      publicId: "Pub1234567",
      frame: "pc",
      today: "2026-06-01",
      deviceId: "Device_12345678",
    });
    const container = document.createElement("div");
    container.id = "root";
    container.innerHTML = renderAnswerPage(data).html;
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <App data={data} />);
    });
    expect(await screen.findByText("问卷预览仅供创建者查看，请登录创建者的账号")).toBeTruthy();
    expect(screen.queryByText("该问卷需要登录后才能填写")).toBeNull();
    const login = screen.getByRole("link", { name: "登录后预览" });
    expect(login.getAttribute("href")).toBe(`/Loginone?redirect=${encodeURIComponent("/y/Pub1234567/pc")}`);
  });
});
