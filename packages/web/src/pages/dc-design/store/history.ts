/**
 * Undo/redo over immutable snapshots. Snapshots share structure with each other, so keeping a couple of
 * hundred costs little even for a 500-question draft.
 *
 * Typing bursts coalesce: edits with the same `key` (e.g. the title of q3) less than `COALESCE_MS` apart
 * leave the history alone, so one Ctrl+Z takes back the whole burst instead of one character.
 */
export const COALESCE_MS = 1000;
export const HISTORY_LIMIT = 200;

export interface History<T> {
  past: T[];
  future: T[];
  /** Key and time of the last recorded edit, for coalescing. */
  lastKey: string | null;
  lastAt: number;
}

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [], lastKey: null, lastAt: 0 };
}

/** Records that the state is about to change from `before`. */
export function record<T>(history: History<T>, before: T, key: string | null, now: number): History<T> {
  const coalesce = key !== null && key === history.lastKey && now - history.lastAt < COALESCE_MS;
  if (coalesce) return { ...history, future: [], lastAt: now };
  const past = history.past.length >= HISTORY_LIMIT ? history.past.slice(1) : history.past.slice();
  past.push(before);
  return { past, future: [], lastKey: key, lastAt: now };
}

/** The state to return to and the history after undoing, or null when there is nothing to undo. */
export function undo<T>(history: History<T>, current: T): { state: T; history: History<T> } | null {
  const state = history.past[history.past.length - 1];
  if (state === undefined) return null;
  return {
    state,
    history: {
      past: history.past.slice(0, -1),
      future: [...history.future, current],
      lastKey: null,
      lastAt: 0,
    },
  };
}

export function redo<T>(history: History<T>, current: T): { state: T; history: History<T> } | null {
  const state = history.future[history.future.length - 1];
  if (state === undefined) return null;
  return {
    state,
    history: {
      past: [...history.past, current],
      future: history.future.slice(0, -1),
      lastKey: null,
      lastAt: 0,
    },
  };
}
