import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";

/** A component of a module loaded the first time it renders (under a Suspense boundary). */
export function lazyExport<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

/**
 * Runs `task` when the browser is idle (soon after, where it cannot tell); returns what cancels it. Unit tests have
 * no idle time (test-setup.ts), so nothing is fetched behind a test's back.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function" && typeof window.cancelIdleCallback === "function") {
    const handle = window.requestIdleCallback(task);
    const cancel = window.cancelIdleCallback.bind(window);
    return () => cancel(handle);
  }
  const timer = window.setTimeout(task, 1);
  return () => window.clearTimeout(timer);
}

/**
 * Fetches chunks a page will likely need next once the browser is idle; returns what cancels it. A failed fetch is
 * left to the lazy component that needs the chunk, which loads it again and reports the failure.
 */
export function prefetchWhenIdle(...loads: (() => Promise<unknown>)[]): () => void {
  return whenIdle(() => {
    for (const load of loads) load().catch(() => {});
  });
}

/**
 * A dialog a page offers but opens only on request, kept out of what the page loads before it paints: its chunk
 * is fetched when the browser is idle after the page has painted, or at once when it is opened first. Nothing is
 * rendered until it is first opened (a click before the chunk is in waits for it); from then on it stays mounted,
 * so it closes and reopens as it would have without this.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () => {
    loading ??= load();
    return loading;
  };
  const Loaded = lazyExport(fetchOnce, (component) => component);
  return function OnDemand(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    useEffect(
      () =>
        whenIdle(() => {
          fetchOnce().catch(() => {
            // Opening it later tries again through the lazy component, which reports the failure.
            loading = undefined;
          });
        }),
      [],
    );
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
