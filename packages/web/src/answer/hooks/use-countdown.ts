import { useEffect, useRef, useState } from "react";

/**
 * Seconds left until `deadline` (epoch ms), ticking once a second; calls `onZero` once when time is up.
 * Null deadline: no countdown. An exam attempt passes the server's clock as `clock`.
 */
export function useCountdown(
  deadline: number | null,
  onZero: () => void,
  clock: () => number = Date.now,
): number | null {
  const [now, setNow] = useState<number | null>(null);
  const fired = useRef(false);
  const zero = useRef(onZero);
  zero.current = onZero;

  useEffect(() => {
    if (deadline === null) return;
    fired.current = false;
    const tick = () => {
      const current = clock();
      setNow(current);
      if (current >= deadline && !fired.current) {
        fired.current = true;
        zero.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, clock]);

  if (deadline === null || now === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
