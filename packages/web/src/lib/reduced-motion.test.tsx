import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Button, Modal } from "antd";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { prerender } from "react-dom/static";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../app.tsx";
import { usePrefersReducedMotion } from "./reduced-motion.tsx";

// jsdom has no AnimationEvent, so the motion library would take every browser here for one that cannot animate and
// never move a dialog at all; with it, dialogs go through their zoom as in Chromium. Set before antd is imported.
vi.hoisted(() => {
  const scope = window as unknown as { AnimationEvent?: typeof Event };
  scope.AnimationEvent ??= class AnimationEvent extends Event {};
});

/** A matchMedia whose reduced-motion answer the test sets, and which tells its listeners when it changes. */
function fakeMedia(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    matches: query === "(prefers-reduced-motion: reduce)" && state.reduce,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.add(listener as () => void);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.delete(listener as () => void);
    },
    dispatchEvent: () => false,
  }));
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The part of a page that arrives in a chunk of its own, as every routed page does (lib/lazy-page.tsx). */
function Section() {
  return <h2>投票评选</h2>;
}

/** Every answer the page was rendered with, in order. */
const answers: boolean[] = [];

/** A page as the website and the console have them: a heading, a lazily loaded part, a button opening a dialog. */
function Page({ Lazy }: { Lazy: ComponentType }) {
  const [open, setOpen] = useState(false);
  answers.push(usePrefersReducedMotion());
  return (
    <main>
      <h1>在线投票</h1>
      <Suspense fallback={<p>加载中</p>}>
        <Lazy />
      </Suspense>
      <Button onClick={() => setOpen(true)}>打开</Button>
      <Modal open={open} title="对话框" onCancel={() => setOpen(false)} footer={null}>
        正文
      </Modal>
    </main>
  );
}

const tree = (Lazy: ComponentType = Section) => (
  <AppProviders client={createQueryClient()}>
    <Page Lazy={Lazy} />
  </AppProviders>
);

/**
 * Opens the dialog and answers every zoom class antd gave it until it stood still: with motion it zooms in (appear,
 * start, active) until its transition ends, which jsdom never reports; without, it stands at once after the one
 * frame in which antd measures where it opens from (prepare).
 */
async function openDialogMotion(): Promise<Set<string>> {
  fireEvent.click(screen.getByRole("button", { name: "打开" }));
  const dialog = screen.getByRole("dialog");
  const seen = new Set<string>();
  const note = () => {
    for (const name of dialog.classList) if (name.startsWith("ant-zoom")) seen.add(name);
  };
  note();
  const observer = new MutationObserver(note);
  observer.observe(dialog, { attributes: true, attributeFilter: ["class"] });
  await waitFor(() =>
    expect(
      seen.has("ant-zoom-appear-active") ||
        ![...dialog.classList].some((name) => name.startsWith("ant-zoom")),
    ).toBe(true),
  );
  observer.disconnect();
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reduced motion in the console and the website (WCAG 2.3.3)", () => {
  it("keeps antd's motion when nothing is asked for", async () => {
    fakeMedia(false);
    render(tree());
    expect(await openDialogMotion()).toContain("ant-zoom-appear-active");
  });

  it("opens dialogs at once when the browser asks for reduced motion, and follows it when it changes", async () => {
    const media = fakeMedia(true);
    const view = render(tree());
    expect(await openDialogMotion()).not.toContain("ant-zoom-appear-active");
    view.unmount();
    render(tree());
    act(() => media.set(false));
    expect(await openDialogMotion()).toContain("ant-zoom-appear-active");
  });

  it("adopts the server's markup as is, lazily loaded parts included, and opens dialogs without motion", async () => {
    // The server has no one to ask (it answers no); the browser that hydrates asks for reduced motion.
    const media = fakeMedia(false);
    // Here the server's and the browser's renderer share one copy of each context, which React notes in development
    // only; a real server renders in a process of its own. Every other message still reaches the console.
    const reportError = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith("Detected multiple renderers concurrently")) reportError(...args);
    });
    const rendered = await prerender(tree(lazy(async () => ({ default: Section }))));
    media.set(true);
    const container = document.createElement("div");
    container.innerHTML = await new Response(rendered.prelude).text();
    document.body.append(container);
    const serverElements = ["h1", "h2", "button"].map((selector) => container.querySelector(selector));
    expect(serverElements).not.toContain(null);

    // The section's chunk arrives only after the page has hydrated, as on a real connection: an update reaching
    // its boundary before then would make React draw it again.
    let arrive: (module: { default: ComponentType }) => void = () => {};
    const chunk = new Promise<{ default: ComponentType }>((resolve) => {
      arrive = resolve;
    });
    const onRecoverableError = vi.fn();
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) removed.push(...record.removedNodes);
    });
    observer.observe(container, { childList: true, subtree: true });
    answers.length = 0;
    const root = await act(async () =>
      hydrateRoot(container, tree(lazy(() => chunk)), { onRecoverableError }),
    );
    // The browser's answer from hydration on: no update right after it, which would reach the section's boundary
    // while its chunk is on its way and make React draw the page again (the website's adoption journey sees that).
    expect(answers).toEqual([true]);
    await act(async () => arrive({ default: Section }));
    observer.disconnect();
    // Hydration kept the very elements the server sent: no mismatch to recover from, no element replaced.
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(["h1", "h2", "button"].map((selector) => container.querySelector(selector))).toEqual(
      serverElements,
    );
    expect(removed.filter((node) => node instanceof Element)).toEqual([]);
    // And the live page honours the request: the dialog opens without its zoom.
    expect(await openDialogMotion()).not.toContain("ant-zoom-appear-active");
    act(() => root.unmount());
    container.remove();
  });

  it("stops hand-written transitions and animations in the stylesheet the console, website and answer page share", () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
    const stylesheet = (name: string) => readFileSync(path.join(src, name), "utf8");
    expect(stylesheet("styles/global.css")).toContain('@import "./reduced-motion.css";');
    expect(stylesheet("answer/answer.css")).toContain('@import "../styles/reduced-motion.css";');
    const style = document.createElement("style");
    style.textContent = stylesheet("styles/reduced-motion.css");
    document.head.append(style);
    // jsdom's CSS object model has its own rule classes: rules are told apart by their type number.
    const media = [...(style.sheet?.cssRules ?? [])].find((rule) => rule.type === CSSRule.MEDIA_RULE) as
      | CSSMediaRule
      | undefined;
    expect(media?.media.mediaText).toBe("(prefers-reduced-motion: reduce)");
    const everything = [...(media?.cssRules ?? [])].find(
      (rule) => rule.type === CSSRule.STYLE_RULE && (rule as CSSStyleRule).selectorText.startsWith("*"),
    ) as CSSStyleRule | undefined;
    expect(everything?.style.getPropertyValue("transition-duration")).toBe("0s");
    expect(everything?.style.getPropertyValue("animation-duration")).toBe("0s");
    style.remove();
  });
});
