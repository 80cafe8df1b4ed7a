// `npm run bench -- popcount`: the inner loop of filtered statistics at 10,000,000 responses — |key ∧ set|
// over 100 dense keys of 312,500 words each (1.25 MB) — by Bitset.countAnd (a 16-bit table lookup per half
// word), against the bit-twiddling popcount per word it replaced, in alternating rounds of the same run.
// Last line: one JSON object.
import { Bitset, popcount } from "../packages/server/src/commands/results/bitset.ts";

const SIZE = Number(process.env.BENCH_RESPONSES ?? 10_000_000);
const KEYS = 100;
const ROUNDS = 5;

/** Deterministic words (xorshift), about a third of the bits set as common options are. */
function randomSet(seed: number): Bitset {
  const set = new Bitset(SIZE);
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  for (let i = 0; i < set.words.length; i += 1) set.words[i] = (next() & next()) | (next() & next() & 1);
  return set;
}

/** The kernel before: the bit-twiddling popcount of each intersected word. */
function countAndBitwise(a: Bitset, b: Bitset): number {
  let total = 0;
  const n = Math.min(a.words.length, b.words.length);
  for (let i = 0; i < n; i += 1) total += popcount((a.words[i] as number) & (b.words[i] as number));
  return total;
}

const keys = Array.from({ length: KEYS }, (_, k) => randomSet(k + 1));
const filter = randomSet(4242);
const expected = keys.map((key) => countAndBitwise(key, filter));
keys.forEach((key, k) => {
  if (key.countAnd(filter) !== expected[k]) throw new Error(`key ${k}: counts differ`);
});

const timeAll = (count: (key: Bitset) => number) => {
  const started = performance.now();
  for (const key of keys) count(key);
  return performance.now() - started;
};
let ours = Number.POSITIVE_INFINITY;
let baseline = Number.POSITIVE_INFINITY;
for (let round = 0; round < ROUNDS; round += 1) {
  baseline = Math.min(
    baseline,
    timeAll((key) => countAndBitwise(key, filter)),
  );
  ours = Math.min(
    ours,
    timeAll((key) => key.countAnd(filter)),
  );
}
const round2 = (n: number) => Math.round(n * 100) / 100;
console.log(
  `${KEYS} keys × ${SIZE} responses: table lookup ${round2(ours)} ms, bit-twiddling popcount ${round2(baseline)} ms (best of ${ROUNDS})`,
);
console.log(
  JSON.stringify({
    bench: "popcount",
    responses: SIZE,
    keys: KEYS,
    ours_ms: round2(ours),
    baseline_ms: round2(baseline),
    ratio: round2(baseline / ours),
  }),
);
