import { act, render, screen } from "@testing-library/react";
import { Component, type ReactNode, Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page.tsx";
import { LiveMark } from "./use-hydrated.ts";

const live = () => document.documentElement.hasAttribute("data-live");

describe("the live mark and lazily loaded pages", () => {
  it("waits for a page whose chunk is on its way, and goes live once the page has committed", async () => {
    let arrive: (module: { Page: () => React.ReactElement }) => void = () => {};
    const chunk = new Promise<{ Page: () => React.ReactElement }>((resolve) => {
      arrive = resolve;
    });
    const page = lazyPage(
      () => chunk,
      (module) => module.Page,
    );
    document.documentElement.removeAttribute("data-live");
    render(
      <>
        <LiveMark />
        <Suspense fallback={<p>加载中</p>}>{page}</Suspense>
      </>,
    );
    // The app has rendered, but its page has not: a page that switches its own buttons on would come later.
    expect(screen.getByText("加载中")).toBeTruthy();
    expect(live()).toBe(false);
    await act(async () => arrive({ Page: () => <button type="button">立即开通</button> }));
    expect(screen.getByRole("button", { name: "立即开通" })).toBeTruthy();
    expect(live()).toBe(true);
  });

  it("counts a chunk that failed as done, so the error screen is live", async () => {
    const page = lazyPage(
      () => Promise.reject(new Error("chunk")),
      () => () => null,
    );
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override render() {
        return this.state.failed ? <p>页面加载失败</p> : this.props.children;
      }
    }
    await act(async () => {
      render(
        <>
          <LiveMark />
          <Boundary>
            <Suspense fallback={<p>加载中</p>}>{page}</Suspense>
          </Boundary>
        </>,
      );
    });
    expect(await screen.findByText("页面加载失败")).toBeTruthy();
    expect(live()).toBe(true);
  });
});
