import { type DehydratedState, hashKey, hydrate, type QueryClient } from "@tanstack/react-query";
import type { QuerySeed } from "@wjgj/core/pages/website";
import { ApiError } from "../api/errors.ts";

/**
 * How long data read by the server counts as fresh in the browser: hydrating must not fetch it again
 * (a news item would count two views, and the page would re-render what it already shows).
 */
export const SEED_FRESH_MS = 60_000;

function stateOf(seed: QuerySeed): DehydratedState["queries"][number]["state"] {
  const common = {
    dataUpdateCount: 0,
    errorUpdateCount: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    fetchStatus: "idle" as const,
  };
  if (seed.error) {
    // The same error the request client would have thrown, so pages can tell a 404 from a failure.
    const error = new ApiError(seed.error.code, seed.error.msg, null, true);
    return {
      ...common,
      data: undefined,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: seed.at,
      status: "error",
    };
  }
  return {
    ...common,
    data: seed.data,
    dataUpdateCount: 1,
    dataUpdatedAt: seed.at,
    error: null,
    errorUpdatedAt: 0,
    status: "success",
  };
}

/**
 * Puts the server's reads into a query cache: on the server before rendering, in the browser before
 * hydrating, so both render the same markup. An answered error (a missing news item) is not retried when
 * its page mounts.
 */
export function applySeeds(client: QueryClient, seeds: readonly QuerySeed[]): void {
  hydrate(client, {
    mutations: [],
    queries: seeds.map((seed) => ({
      queryKey: [...seed.key],
      queryHash: hashKey(seed.key),
      state: stateOf(seed),
      dehydratedAt: seed.at,
    })),
  });
  for (const seed of seeds) {
    client.setQueryDefaults([...seed.key], { staleTime: SEED_FRESH_MS, retryOnMount: false });
  }
}
