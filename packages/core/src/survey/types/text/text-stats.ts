import { textLength } from "../helpers/text-rules.ts";

/** Free text is not aggregated into counters (it is listed per response); we keep volume figures only. */
export interface TextStats {
  n: number;
  chars: number;
}

export const textStats = {
  empty: (): TextStats => ({ n: 0, chars: 0 }),
  add: (_config: unknown, state: TextStats, answer: string): TextStats => ({
    n: state.n + 1,
    chars: state.chars + textLength(answer),
  }),
  merge: (a: TextStats, b: TextStats): TextStats => ({ n: a.n + b.n, chars: a.chars + b.chars }),
};
