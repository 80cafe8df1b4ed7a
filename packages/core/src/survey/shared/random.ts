/**
 * Deterministic pseudo-randomness so that a respondent sees the same option order on every reload and the
 * server can reproduce it: the seed is the respondent's id (or any stable string) plus the question id.
 */
export function hashString(input: string): number {
  // FNV-1a: tiny, good enough spread for seeding, stable across platforms.
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(seed: number): () => number {
  // mulberry32
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy; `keepLast` items stay at the end in their original order (e.g. 其他, 以上都不是). */
export function seededShuffle<T>(items: readonly T[], seed: string, keepLast = 0): T[] {
  const fixed = Math.min(Math.max(keepLast, 0), items.length);
  const head = items.slice(0, items.length - fixed);
  const tail = items.slice(items.length - fixed);
  const random = seededRandom(hashString(seed));
  for (let i = head.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = head[i] as T;
    head[i] = head[j] as T;
    head[j] = a;
  }
  return head.concat(tail);
}
