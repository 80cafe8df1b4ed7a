import { z } from "zod";
import type { QuestionModule } from "../module.ts";

export interface LayoutStats {
  n: number;
}

/** Layout items take no answer; their reducer is the trivial one so every type exposes the same interface. */
export function layoutType<T extends string, C, CI>(spec: {
  type: T;
  name: string;
  configSchema: z.ZodType<C, CI>;
  defaults: () => NoInfer<C>;
}): QuestionModule<T, C, never, LayoutStats, CI> {
  return {
    ...spec,
    group: "layout",
    answerSchema: z.never(),
    answerable: false,
    valueType: "none",
    scoringModes: [],
    isEmpty: () => true,
    validate: () => [],
    toText: () => "",
    toValue: () => null,
    stats: { empty: () => ({ n: 0 }), add: (_config, state) => state, merge: (a, b) => ({ n: a.n + b.n }) },
  };
}
