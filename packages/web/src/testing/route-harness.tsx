import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { registerNavigate } from "../api/feedback.ts";
import { App } from "../app.tsx";
import { routes } from "../router.tsx";
import { useSessionStore } from "../stores/session-store.ts";
import { useUserStore } from "../stores/user-store.ts";

/*
 * For tests of a whole page as a user reaches it: the app's own routes and providers, with fetch answering
 * from a table by API path. A test that needs the calls' bodies or a single component's harness has its
 * own (pages/dc-result/testing/harness.tsx).
 */

/** An answer that is an error envelope rather than data. */
export class ApiFailure {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** The envelope's data: a 400's `{ errors: [{ field, message }] }`. */
    readonly data: unknown = null,
  ) {}
}

/**
 * Registers, for every test of the file: signed out with no user, and fetch answering each path from
 * `answers` (any other path: 404). An answer is the data, an ApiFailure, or a function of the requested URL
 * giving either when asked (for a query parameter or the test's own state). Afterwards the real fetch again.
 * Returns the URLs requested in the current test.
 */
export function fakeApiForEachTest(answers: Record<string, unknown>): string[] {
  const requests: string[] = [];
  const envelope = (url: string) => {
    const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
    if (!(path in answers)) return { code: 404, msg: "x", data: null };
    const answer = answers[path];
    const data = typeof answer === "function" ? (answer as (url: string) => unknown)(url) : answer;
    return data instanceof ApiFailure
      ? { code: data.code, msg: data.msg, data: data.data }
      : { code: 200, msg: "操作成功", data };
  };
  beforeEach(() => {
    requests.length = 0;
    useSessionStore.getState().clearAll();
    useUserStore.getState().clear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        requests.push(url);
        return new Response(JSON.stringify(envelope(url)), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return requests;
}

/** The app opened at `path`, navigation from API feedback included (as main.tsx wires it). */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  registerNavigate((to) => void router.navigate(to));
  render(<App router={router} />);
  return router;
}
