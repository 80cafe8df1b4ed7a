import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clockText, useCountdown } from "../hooks/use-countdown.ts";
import { secondsUntil, serverClock } from "./server-clock.ts";

describe("the exam's countdown on the server's clock", () => {
  it("counts from the server's time and a monotonic clock, whatever Date.now says", () => {
    let monotonic = 1_000;
    const serverNow = Date.UTC(2026, 0, 1, 9, 0, 0);
    const clock = serverClock(serverNow, () => monotonic);
    const deadline = serverNow + 30 * 60_000;
    expect(secondsUntil(deadline, clock)).toBe(1800);

    // The candidate moves the device's clock a day back: nothing changes.
    const dateNow = vi.spyOn(Date, "now").mockReturnValue(serverNow - 86_400_000);
    monotonic += 60_000;
    expect(secondsUntil(deadline, clock)).toBe(1740);
    dateNow.mockRestore();

    // A later sync re-bases on the server (e.g. after the tab slept); time added moves only the deadline.
    clock.sync(serverNow + 10 * 60_000);
    expect(secondsUntil(deadline, clock)).toBe(1200);
    monotonic += 1200_000 + 5_000;
    expect(secondsUntil(deadline, clock)).toBe(0);
  });

  describe("useCountdown with the server's clock", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    function Timer(props: { deadline: number; now(): number; onZero(): void }) {
      const left = useCountdown(props.deadline, props.onZero, props.now);
      return <p>{left === null ? "" : clockText(left)}</p>;
    }

    it("shows the server's remaining time and does not move when the device clock jumps", () => {
      const serverNow = Date.UTC(2026, 0, 1, 9, 0, 0);
      let monotonic = 0;
      const clock = serverClock(serverNow, () => monotonic);
      const onZero = vi.fn();
      vi.setSystemTime(serverNow + 3 * 3_600_000);
      render(<Timer deadline={serverNow + 10 * 60_000} now={clock.now} onZero={onZero} />);
      expect(screen.getByText("10:00")).toBeTruthy();

      // An hour forward on the device, five seconds of real time.
      vi.setSystemTime(serverNow + 4 * 3_600_000);
      monotonic = 5_000;
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByText("09:55")).toBeTruthy();
      expect(onZero).not.toHaveBeenCalled();

      monotonic = 10 * 60_000;
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByText("00:00")).toBeTruthy();
      expect(onZero).toHaveBeenCalledTimes(1);
    });
  });
});
