import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// antd's responsive components read matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// antd's overflow-aware components (Menu, Tabs, Table) observe sizes; jsdom has no layout to observe.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver === "undefined") window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
