import type { QuestionnaireKind, SurveyDefinition } from "../../survey/index.ts";

/** A recursive partial: what a sample states is compared with `toMatchObject`, arrays item by item. */
export type Expected<T> = T extends readonly (infer U)[]
  ? Expected<U>[]
  : T extends object
    ? { [K in keyof T]?: Expected<T[K]> }
    : T;

export interface CorpusSample {
  name: string;
  kind?: QuestionnaireKind;
  text: string;
  expected: Expected<SurveyDefinition>;
  /** Lines that must carry a warning (0: the text as a whole); [] means the import is clean. */
  warningLines: number[];
}
