import { act, render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../app.tsx";

/** A matchMedia whose reduced-motion answer the test sets, and which tells its listeners when it changes. */
function fakeMedia(reduce: boolean) {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const state = { reduce };
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    matches: query === "(prefers-reduced-motion: reduce)" && state.reduce,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.delete(listener);
    },
    dispatchEvent: () => false,
  }));
  return {
    set(next: boolean) {
      state.reduce = next;
      const change = new Event("change");
      for (const listener of listeners)
        typeof listener === "function" ? listener(change) : listener.handleEvent(change);
    },
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

function renderProbe() {
  render(
    <AppProviders client={createQueryClient()}>
      <MotionProbe />
    </AppProviders>,
  );
  return () => screen.getByTestId("motion").textContent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reduced motion in the logged-in area and the website", () => {
  it("keeps antd's motion when nothing is asked for", () => {
    fakeMedia(false);
    expect(renderProbe()()).toBe("true");
  });

  it("turns antd's motion off when the system asks for reduced motion, and back on when it stops", () => {
    const media = fakeMedia(true);
    const motion = renderProbe();
    expect(motion()).toBe("false");
    act(() => media.set(false));
    expect(motion()).toBe("true");
    act(() => media.set(true));
    expect(motion()).toBe("false");
  });
});
