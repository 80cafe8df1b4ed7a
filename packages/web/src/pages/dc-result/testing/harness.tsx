import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../../app.tsx";
import { useSessionStore } from "../../../stores/session-store.ts";
import { staticMediaQuery, widthMatches } from "../../../testing/media.ts";
import { DcResultPage } from "../index.tsx";
import { examQuestionary, examReport, overview } from "./fixtures.ts";

export interface ApiCall {
  path: string;
  method: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The session token the call carried. */
  token: string | undefined;
}

/** Answers the call's `data`; a Failure becomes an error envelope, a Response is sent as it is (downloads). */
export type Handler = (call: ApiCall) => unknown;

export class Failure {
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {}
}

/** Stubs fetch with handlers by API path and records every call made. */
export function stubApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const [pathPart, query = ""] = url.replace("/wjgj/api/", "").split("?");
      const path = pathPart ?? "";
      let body: Record<string, unknown> = {};
      if (typeof init?.body === "string") body = JSON.parse(init.body) as Record<string, unknown>;
      else if (init?.body instanceof URLSearchParams) body = Object.fromEntries(init.body);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const call = {
        path,
        method: init?.method ?? "GET",
        params: Object.fromEntries(new URLSearchParams(query)),
        body,
        token: headers.token,
      };
      calls.push(call);
      const handler = handlers[path];
      if (!handler) return new Response(JSON.stringify({ code: 404, msg: "接口不存在", data: null }));
      const data = handler(call);
      if (data instanceof Response) return data;
      const envelope =
        data instanceof Failure
          ? { code: data.code, msg: data.msg, data: null }
          : { code: 200, msg: "ok", data };
      return new Response(JSON.stringify(envelope), { headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

/**
 * The result page alone (no console layout), logged in, at `search` (e.g. "?id=7&tab=stats"); `elsewhere`
 * are pages it may lead to, each a stand-in naming its path.
 */
export function renderResults(search: string, elsewhere: string[] = []) {
  useSessionStore.getState().setToken("t-1");
  const others = elsewhere.map((path) => ({ path, element: <p>{path}</p> }));
  const router = createMemoryRouter([{ path: "/dc/result", element: <DcResultPage /> }, ...others], {
    initialEntries: [`/dc/result${search}`],
  });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Collects what React and antd report through the console (misuse, deprecated props) for the test to check. */
export function watchConsole(): string[] {
  const problems: string[] = [];
  const record = (...args: unknown[]) => problems.push(args.map(String).join(" "));
  vi.spyOn(console, "error").mockImplementation(record);
  vi.spyOn(console, "warn").mockImplementation(record);
  return problems;
}

/** The first render pulls antd and the page through the transformer: slow on a busy machine. */
export const slow = { timeout: 10_000 };

/** getByRole walks the accessibility tree of the whole page: far too slow for antd pages in jsdom. */
export const button = (label: HTMLElement) => label.closest("button") as HTMLButtonElement;

/**
 * Each test starts logged out with the console watched, and ends with the stubs restored and
 * nothing reported through the console.
 */
export function setupResultTests() {
  let problems: string[] = [];
  beforeEach(() => {
    useSessionStore.getState().clearAll();
    problems = watchConsole();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(problems).toEqual([]);
  });
}

/**
 * antd reads its breakpoints through matchMedia, which answers no to every query in these tests (a phone to
 * antd's Grid): answer as a screen `width` px wide would, until the test's mocks are restored.
 */
export function screenWidth(width: number) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    staticMediaQuery(query, widthMatches(query, width)),
  );
}

/**
 * The 考试成绩 tab of exam 7 opened, its calls answered: the exam, its overview, `handlers` over an empty report
 * (examReport()), no 重新评分 on offer, no tags and nothing for 试题分析 (each test stubs what it reads).
 */
export function openExamTab(handlers: Record<string, Handler>): ApiCall[] {
  const calls = stubApi({
    "questionary/getQuestionaryDetail": () => examQuestionary,
    "statistics/getOverview": () => overview(2),
    "statistics/getExamReport": () => examReport(),
    "statistics/getRescoreProgress": () => ({ offered: false, run: null }),
    "statistics/getExamTagMastery": () => ({ tagged: false, tags: [] }),
    "statistics/getExamItemAnalysis": () => ({
      respondents: 0,
      groupSize: 0,
      alpha: null,
      alphaN: 0,
      drawnPapers: false,
      items: [],
    }),
    ...handlers,
  });
  renderResults("?id=7&tab=exam");
  return calls;
}
