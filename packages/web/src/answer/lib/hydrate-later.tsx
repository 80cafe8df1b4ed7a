import { type ReactNode, Suspense } from "react";

/**
 * Progressive hydration of the answer page (issue #37: Lighthouse's total blocking time). Preact hydrates a
 * tree in one go: a 20-question page was one task of about 100 ms on a fast machine (400 ms on Lighthouse's
 * phone), where React yielded every few milliseconds. Each question card is therefore hydrated in a task of
 * its own: during the first pass a card suspends (Preact keeps the server's markup of a component that
 * suspends while hydrating, and hydrates it when its boundary resumes), then the cards get their turn one
 * task after another, in page order. A card rendered again before its turn (the page re-renders once
 * hydrated) suspends again and keeps its markup; a card first rendered after the pass is never held back.
 *
 * The server renders the cards as they are (`begin` is only ever called in the browser).
 */

interface Turn {
  promise: Promise<void>;
  resolve: () => void;
}

/** Cards waiting for their turn, in page order, while a pass is on. */
let waiting: Map<string, Turn> | null = null;
/** Whether the first, synchronous pass is running: only cards rendered in it are held back. */
let collecting = false;
let drained: Promise<void> = Promise.resolve();

/** Starts a pass: cards rendered until `end` is called wait for their turn. */
export function beginProgressiveHydration(): void {
  waiting = new Map();
  collecting = true;
}

/**
 * Ends the first pass and gives the cards their turns, one per task. Resolves once every card has hydrated
 * (what was typed into the server's markup meanwhile can then be replayed, and heavier work can start).
 */
export function endProgressiveHydration(): Promise<void> {
  collecting = false;
  const turns = waiting ? [...waiting.values()] : [];
  drained = new Promise((resolve) => {
    const channel = new MessageChannel();
    const next = () => {
      const turn = turns.shift();
      if (!turn) {
        waiting = null;
        channel.port1.close();
        resolve();
        return;
      }
      // The boundary re-renders its card in this task's microtasks; the next card waits for the next task.
      turn.resolve();
      channel.port2.postMessage(null);
    };
    channel.port1.onmessage = next;
    channel.port2.postMessage(null);
  });
  return drained;
}

/** Resolves once the cards of the current pass (if any) have all hydrated. */
export function progressiveHydrationDone(): Promise<void> {
  return drained;
}

function Hold({ id, children }: { id: string; children: ReactNode }) {
  const turn = waiting?.get(id);
  if (turn) throw turn.promise;
  if (collecting && waiting) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    const held: Turn = {
      promise,
      resolve: () => {
        waiting?.delete(id);
        resolve();
      },
    };
    waiting.set(id, held);
    throw promise;
  }
  return children;
}

/** A question card, hydrated in a task of its own (see above); `id` must be unique on the page. */
export function HydrateLater({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Hold id={id}>{children}</Hold>
    </Suspense>
  );
}
