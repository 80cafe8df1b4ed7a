import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyPage } from "../lib/lazy-page.tsx";
import { routes } from "../router.tsx";
import { isStaleChunkError, RouteError } from "./route-error.tsx";

function Layout() {
  return (
    <>
      <header>问卷管家控制台</header>
      <Outlet />
    </>
  );
}

function Crashing(): never {
  throw new Error("Cannot read properties of undefined (reading 'words')");
}

/** A layout with a page under it, each with the app's error screen, as router.tsx gives them. */
function open(page: RouteObject["element"]) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Layout />,
        errorElement: <RouteError />,
        children: [{ path: "dc/result", element: page, errorElement: <RouteError /> }],
      },
    ],
    { initialEntries: ["/dc/result"] },
  );
  render(<RouterProvider router={router} />);
}

describe("the error screen of a route (RouteError)", () => {
  // React and the screen itself report the error on the console; the test's output stays readable.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("asks for a reload, in Chinese and under the layout, when a chunk of the page did not load", async () => {
    const page = lazyPage(
      () =>
        Promise.reject(
          new TypeError("Failed to fetch dynamically imported module: http://x/assets/dc-result-1.js"),
        ),
      () => () => null,
    );
    open(<Suspense fallback={null}>{page}</Suspense>);
    expect(await screen.findByText("页面需要刷新")).toBeTruthy();
    expect(screen.getByText("问卷管家控制台")).toBeTruthy();
    expect(screen.getByRole("button", { name: "刷新页面" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "返回首页" }).getAttribute("href")).toBe("/website/home");
    expect(screen.getByTestId("route-error").getAttribute("data-error-kind")).toBe("stale");
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it("says the page failed when it threw while rendering, the browser's words folded under 错误详情", async () => {
    open(<Crashing />);
    expect(await screen.findByText("页面出错了")).toBeTruthy();
    expect(screen.getByText("问卷管家控制台")).toBeTruthy();
    expect(screen.getByTestId("route-error").getAttribute("data-error-kind")).toBe("crash");
    expect(screen.getByText("错误详情").closest("details")?.open).toBe(false);
    expect(screen.getByText(/reading 'words'/)).toBeTruthy();
  });

  it("reloads the page from 刷新页面", async () => {
    const reload = vi.fn();
    const location = window.location;
    Object.defineProperty(window, "location", { configurable: true, value: { ...location, reload } });
    try {
      open(<Crashing />);
      (await screen.findByRole("button", { name: "刷新页面" })).click();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, "location", { configurable: true, value: location });
    }
  });

  it("tells a chunk that did not load from other errors, in Chrome's, Firefox's, Safari's and Vite's words", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://x/a.js",
      "error loading dynamically imported module: https://x/a.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/a.css",
    ])
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true);
    expect(isStaleChunkError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isStaleChunkError("Importing a module script failed.")).toBe(false);
  });

  it("is on every route of the app that renders something, so the nearest one to a failure shows", () => {
    const missing: string[] = [];
    const walk = (list: RouteObject[], at: string) => {
      for (const route of list) {
        const path = `${at}/${route.path ?? (route.index ? "(index)" : "(layout)")}`;
        if (route.element && !route.errorElement) missing.push(path);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, "");
    expect(missing).toEqual([]);
    expect(routes[0]?.errorElement).toBeTruthy();
  });
});
