/** What a save answered: stored, no connection (kept for later), or refused for good (the attempt is over). */
export type SaveOutcome = "saved" | "offline" | "stop";

export interface SaveQueueDeps<T> {
  send(progress: T): Promise<SaveOutcome>;
  /** The pause after a change before it is sent (changes within it are sent once, the latest). */
  delayMs: number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Called with the progress not yet on the server (null once everything is saved): kept in the local draft. */
  onPending?(progress: T | null): void;
}

/**
 * The answers saved as the candidate goes (`exam/save`): the latest change wins, sent ~1 s after it; while
 * offline only the latest is kept (in memory and the local draft) and sent once when the connection is back.
 */
export class SaveQueue<T> {
  private latest: T | null = null;
  private timer: unknown = null;
  private sending = false;
  private stopped = false;
  offline = false;

  constructor(private readonly deps: SaveQueueDeps<T>) {}

  get pending(): T | null {
    return this.latest;
  }

  push(progress: T): void {
    if (this.stopped) return;
    this.latest = progress;
    this.deps.onPending?.(progress);
    if (!this.offline) this.schedule(this.deps.delayMs);
  }

  /** The connection is gone (the browser says so, or a call failed): nothing is sent until `online`. */
  goOffline(): void {
    this.offline = true;
    this.cancel();
  }

  /** The connection is back: what waited is sent at once (one call, the latest). */
  goOnline(): void {
    if (!this.offline) return;
    this.offline = false;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  async flush(): Promise<void> {
    this.cancel();
    const progress = this.latest;
    if (this.sending || progress === null || this.stopped || this.offline) return;
    this.sending = true;
    this.latest = null;
    const outcome = await this.deps.send(progress).catch((): SaveOutcome => "offline");
    this.sending = false;
    if (outcome === "stop") return this.stop();
    if (outcome === "offline") {
      // A newer change made meanwhile wins over the one that failed.
      this.latest ??= progress;
      this.offline = true;
      return;
    }
    if (this.latest === null) this.deps.onPending?.(null);
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    this.cancel();
    this.timer = this.deps.setTimer(() => void this.flush(), ms);
  }

  private cancel(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
