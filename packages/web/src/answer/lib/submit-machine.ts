import type { SubmitReply } from "@wjgj/core/pages/answer";
import type { ApiOutcome } from "./api.ts";

/**
 * Submitting without ever storing a response twice. Each attempt (a tap on 提交 from a settled state) gets
 * one idempotency key. When a request gets no answer, the page asks `anQuestion/checkSuccess` before sending
 * again; a stored response is then fetched back by re-sending the same key, which the server answers with
 * the response it already holds instead of inserting another one. Taps while a request is in flight are
 * ignored outright.
 */
export type SubmitPhase = "idle" | "submitting" | "checking" | "offline" | "refused" | "done";

export type SubmitResult =
  | { kind: "done"; reply: SubmitReply }
  /** The server said no (closed, quota full, invalid answers…): nothing was stored. */
  | { kind: "refused"; code: number; msg: string; data: unknown }
  /** Still no answer after the automatic retries; the attempt (and its key) can be resumed. */
  | { kind: "offline"; msg: string };

export interface SubmitDeps<P> {
  post(payload: P, key: string): Promise<ApiOutcome<SubmitReply>>;
  check(key: string): Promise<ApiOutcome<{ stored: boolean }>>;
  wait(ms: number): Promise<void>;
  newKey(): string;
}

/**
 * A definite "no" from the server. A 5xx envelope is not one: the response might have been stored before the
 * failure, so it is treated like a lost answer and checked.
 */
function isRefusal(
  outcome: ApiOutcome<unknown>,
): outcome is Extract<ApiOutcome<unknown>, { kind: "business" }> {
  return !outcome.ok && outcome.kind === "business" && outcome.code < 500;
}

export const RETRY_DELAYS_MS = [800, 2000, 4000] as const;

async function deliver<P>(
  deps: SubmitDeps<P>,
  payload: P,
  key: string,
  resumed: boolean,
  onPhase: (phase: SubmitPhase) => void,
): Promise<SubmitResult> {
  let mustCheck = resumed;
  let lastMessage = "";
  for (const delay of RETRY_DELAYS_MS) {
    if (mustCheck) {
      onPhase("checking");
      const checked = await deps.check(key);
      if (!checked.ok && isRefusal(checked))
        return { kind: "refused", code: checked.code, msg: checked.msg, data: checked.data };
      if (!checked.ok) {
        lastMessage = checked.msg;
        await deps.wait(delay);
        continue;
      }
      // Stored or not, re-sending this key is now safe: a stored response comes back instead of a new one.
    }
    onPhase("submitting");
    const sent = await deps.post(payload, key);
    if (sent.ok) return { kind: "done", reply: sent.data };
    if (isRefusal(sent)) return { kind: "refused", code: sent.code, msg: sent.msg, data: sent.data };
    lastMessage = sent.msg;
    mustCheck = true;
    await deps.wait(delay);
  }
  return { kind: "offline", msg: lastMessage };
}

export class SubmitController<P> {
  phase: SubmitPhase = "idle";
  /** The idempotency key of the current attempt; kept while the attempt may still be stored. */
  key: string | null = null;
  private busy = false;

  constructor(
    private readonly deps: SubmitDeps<P>,
    private readonly onPhase: (phase: SubmitPhase) => void = () => {},
  ) {}

  get inFlight(): boolean {
    return this.busy;
  }

  private setPhase(phase: SubmitPhase): void {
    this.phase = phase;
    this.onPhase(phase);
  }

  /** Null when ignored: a request is in flight, or a response was already stored. */
  async submit(payload: P): Promise<SubmitResult | null> {
    if (this.busy || this.phase === "done") return null;
    this.busy = true;
    const resumed = this.phase === "offline" && this.key !== null;
    const key = resumed && this.key ? this.key : this.deps.newKey();
    this.key = key;
    try {
      const result = await deliver(this.deps, payload, key, resumed, (phase) => this.setPhase(phase));
      if (result.kind === "refused") this.key = null;
      this.setPhase(result.kind);
      return result;
    } finally {
      this.busy = false;
    }
  }
}
