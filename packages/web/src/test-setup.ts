import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { installStylePrefilter } from "./test-style-prefilter.ts";
import { staticMediaQuery } from "./testing/media.ts";

// antd's responsive components read matchMedia, which jsdom does not implement.
if (!window.matchMedia) window.matchMedia = (query: string) => staticMediaQuery(query, false);

// antd's overflow-aware components (Menu, Tabs, Table) observe sizes; jsdom has no layout to observe.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver === "undefined") window.ResizeObserver = ResizeObserverStub;

// jsdom has no idle periods, and here the browser is never idle: on-demand.tsx's fallback (a timer) fetched a page's
// dialogs after its test had passed, and an import still running when the worker's environment was torn down failed
// the files that shared the worker (EnvironmentTeardownError, once in CI). What loads on demand loads when opened;
// on-demand.test.tsx stubs these to run the idle tasks itself.
if (typeof window.requestIdleCallback !== "function") {
  window.requestIdleCallback = () => 0;
  window.cancelIdleCallback = () => {};
}

// jsdom's getComputedStyle tests every antd rule against the element and its ancestors (test-style-prefilter.ts).
installStylePrefilter(document);

// findBy… and waitFor wait for a state, not a time: pages are lazy chunks that Vite transforms on first import,
// which on a loaded two-core machine took longer than the library's default second (the login page behind the
// guard). A longer limit only matters when the state never comes.
configure({ asyncUtilTimeout: 5_000 });

// Test files share their worker's modules and window (vitest.config.ts): what one test changes in them is undone
// here, so the next file starts from the same state whichever ran before.
afterEach(() => {
  cleanup();
  // A test that sends the page to the background (visibilityState "hidden", set on the document itself) brings it
  // back: left hidden, the next file's refresh-while-visible timers would skip every load.
  for (const name of ["visibilityState", "hidden"])
    if (Object.getOwnPropertyDescriptor(document, name)) Reflect.deleteProperty(document, name);
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
