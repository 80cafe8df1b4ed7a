/**
 * A MediaQueryList that answers `matches` for `query` and never changes: what jsdom lacks (test-setup.ts gives
 * every query no) and what the tests that play a screen width answer (pages/dc-result/testing/harness.tsx).
 */
export function staticMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Whether a screen `width` px wide matches a query of min-width / max-width terms (antd's breakpoints). */
export function widthMatches(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+)/.exec(query);
  const max = /max-width:\s*(\d+)/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}
