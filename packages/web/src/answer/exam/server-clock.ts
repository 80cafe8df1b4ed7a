/**
 * The server's clock on this page: the `serverNow` of the last sync plus the time a monotonic clock has run
 * since. The device's Date.now never enters, so turning the device's clock forward gains no time.
 */
export interface ServerClock {
  now(): number;
  sync(serverNow: number): void;
}

export function serverClock(
  serverNow: number,
  monotonic: () => number = () => performance.now(),
): ServerClock {
  let base = serverNow;
  let at = monotonic();
  return {
    now: () => base + (monotonic() - at),
    sync(next) {
      base = next;
      at = monotonic();
    },
  };
}

/** Seconds left until `deadline` on `clock` (0 once it has passed). */
export function secondsUntil(deadline: number, clock: ServerClock): number {
  return Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
}
