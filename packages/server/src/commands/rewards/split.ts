import { randomInt } from "node:crypto";

/** A random integer in [min, max] (inclusive); crypto's by default, a seeded one in property tests. */
export type RandomInt = (min: number, max: number) => number;

const cryptoInt: RandomInt = (min, max) => randomInt(min, max + 1);

/**
 * 拼手气: the double-mean method. Each packet gets 1 fen to twice the mean of what is left, never so much
 * that a later packet would get less than 1 fen; the last one takes the rest. The shares always sum to
 * exactly `totalFen`, each at least 1 fen.
 */
export function splitRandom(totalFen: number, count: number, random: RandomInt = cryptoInt): number[] {
  if (!Number.isSafeInteger(totalFen) || !Number.isSafeInteger(count) || count < 1 || totalFen < count)
    throw new Error("a random split needs at least 1 fen per packet");
  const shares: number[] = [];
  let left = totalFen;
  for (let n = count; n > 1; n -= 1) {
    const max = Math.min(Math.floor((2 * left) / n), left - (n - 1));
    const share = random(1, Math.max(1, max));
    shares.push(share);
    left -= share;
  }
  shares.push(left);
  return shares;
}

export function splitFixed(amountFen: number, count: number): number[] {
  return Array.from({ length: count }, () => amountFen);
}
