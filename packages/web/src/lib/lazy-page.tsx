import { type ComponentType, lazy, type ReactElement, useEffect } from "react";
import { pageCommitted, pageRequested } from "./use-hydrated.ts";

/** Tells the live mark that the page of `id` has committed (hydrated, or rendered in the browser). */
function PageMark({ id }: { id: symbol }): null {
  useEffect(() => pageCommitted(id), [id]);
  return null;
}

/**
 * A route's page loaded on demand (seed §9): it pulls its own chunk the first time it is rendered, and the
 * document's live mark waits for it (use-hydrated.ts).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  const id = Symbol("page");
  const Page = lazy(() => {
    pageRequested(id);
    return load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        pageCommitted(id);
        throw error;
      },
    );
  });
  return (
    <>
      <Page />
      <PageMark id={id} />
    </>
  );
}
