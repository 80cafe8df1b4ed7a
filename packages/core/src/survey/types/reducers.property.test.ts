import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromEpochDay } from "../shared/dates.ts";
import { fileUploadType } from "./advanced/file-upload.ts";
import { regionType } from "./advanced/region.ts";
import { cascaderType } from "./choice/cascader.ts";
import { multipleType } from "./choice/multiple.ts";
import { singleType } from "./choice/single.ts";
import { matrixMultipleType } from "./matrix/matrix-multiple.ts";
import { matrixScaleType } from "./matrix/matrix-scale.ts";
import { matrixSingleType } from "./matrix/matrix-single.ts";
import { tableType } from "./matrix/table.ts";
import type { AnyQuestionModule } from "./module.ts";
import { allocationType } from "./rating/allocation.ts";
import { npsType } from "./rating/nps.ts";
import { rankingType } from "./rating/ranking.ts";
import { sliderType } from "./rating/slider.ts";
import { dateType } from "./text/date.ts";
import { dateRangeType } from "./text/date-range.ts";
import { multiBlankType } from "./text/multi-blank.ts";
import { numberType } from "./text/number.ts";
import { singleLineType } from "./text/single-line.ts";
import { timeType } from "./text/time.ts";

const ids = ["a", "b", "c"];
const date = fc.integer({ min: 18000, max: 20000 }).map(fromEpochDay);

/** Valid answers per type; numbers are integers so floating-point sums stay exact in any order. */
const cases: [AnyQuestionModule, fc.Arbitrary<unknown>][] = [
  [singleType, fc.record({ optionId: fc.constantFrom(...ids) })],
  [multipleType, fc.record({ optionIds: fc.subarray(ids) })],
  [cascaderType, fc.record({ path: fc.subarray(ids, { minLength: 1 }) })],
  [singleLineType, fc.string({ maxLength: 5 })],
  [multiBlankType, fc.dictionary(fc.constantFrom("b1", "b2"), fc.string({ maxLength: 3 }))],
  [numberType, fc.integer({ min: -1000, max: 1000 })],
  [dateType, date],
  [timeType, fc.constantFrom("08:00", "12:30", "23:59")],
  [
    dateRangeType,
    fc
      .tuple(fc.integer({ min: 18000, max: 20000 }), fc.integer({ min: 0, max: 30 }))
      .map(([day, length]) => ({ start: fromEpochDay(day), end: fromEpochDay(day + length) })),
  ],
  [npsType, fc.integer({ min: 0, max: 10 })],
  [sliderType, fc.integer({ min: 0, max: 100 })],
  [allocationType, fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 0, max: 100 }))],
  [rankingType, fc.shuffledSubarray(ids, { minLength: 3 })],
  [matrixSingleType, fc.dictionary(fc.constantFrom("r1", "r2"), fc.constantFrom("c1", "c2"))],
  [matrixMultipleType, fc.dictionary(fc.constantFrom("r1", "r2"), fc.subarray(["c1", "c2"]))],
  [matrixScaleType, fc.dictionary(fc.constantFrom("r1", "r2"), fc.integer({ min: 1, max: 5 }))],
  [tableType, fc.array(fc.record({ c1: fc.string({ maxLength: 3 }) }), { maxLength: 4 })],
  [
    fileUploadType,
    fc.array(fc.record({ fileId: fc.constant("f"), name: fc.constant("a.pdf"), size: fc.nat(10_000) }), {
      maxLength: 3,
    }),
  ],
  [regionType, fc.constantFrom({ codes: ["110000"] }, { codes: ["330000"] })],
];

describe("statistics reducers", () => {
  it.each(cases.map(([module, arb]) => [module.type, module, arb] as const))(
    "%s: partial results merged in any order equal one pass",
    (_type, module, arb) => {
      const config = module.defaults();
      const reduce = (answers: readonly unknown[]) =>
        answers.reduce(
          (state, answer) => module.stats.add(config, state, answer),
          module.stats.empty(config),
        );
      fc.assert(
        fc.property(
          fc.array(fc.tuple(arb, fc.nat({ max: 3 })), { maxLength: 30 }),
          fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
          (tagged, order) => {
            const chunks = [0, 1, 2, 3].map((chunk) =>
              reduce(tagged.filter(([, c]) => c === chunk).map(([answer]) => answer)),
            );
            const merged = order.reduce(
              (state, chunk) => module.stats.merge(state, chunks[chunk]),
              module.stats.empty(config),
            );
            expect(merged).toEqual(reduce(tagged.map(([answer]) => answer)));
          },
        ),
        { numRuns: 100 },
      );
    },
  );
});
