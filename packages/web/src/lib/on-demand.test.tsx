import { act, render, screen } from "@testing-library/react";
import { type ComponentType, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onDemand, prefetchWhenIdle } from "./on-demand.tsx";

interface Props {
  target: string | null;
}

function Dialog({ target }: Props) {
  return target === null ? null : <div role="dialog">{target}</div>;
}

let setTarget: (next: string | null) => void = () => {};

function pageWith(Shown: ComponentType<Props>) {
  return function Page() {
    const [target, set] = useState<string | null>(null);
    setTarget = set;
    return (
      <main>
        列表
        <Shown target={target} />
      </main>
    );
  };
}

/** Runs the tasks waiting for the browser to be idle. */
function runIdle(tasks: (() => void)[]) {
  for (const task of tasks) task();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("onDemand", () => {
  it("loads the dialog once, when the browser is idle after the page painted, and renders nothing until opened", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    vi.stubGlobal("cancelIdleCallback", () => {});
    const load = vi.fn(async () => Dialog);
    const Page = pageWith(onDemand<Props>(load, (props) => props.target !== null));
    render(<Page />);
    expect(screen.getByRole("main").textContent).toBe("列表");
    expect(load).not.toHaveBeenCalled();
    await act(async () => runIdle(idle));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => setTarget("分享问卷"));
    expect((await screen.findByRole("dialog")).textContent).toBe("分享问卷");
    act(() => setTarget(null));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => setTarget("分享考试"));
    expect(screen.getByRole("dialog").textContent).toBe("分享考试");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("opens at once on a click before the idle load, and tries again after a failed load", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    vi.stubGlobal("cancelIdleCallback", () => {});
    const load = vi.fn(async () => Dialog);
    const Page = pageWith(onDemand<Props>(load, (props) => props.target !== null));
    const first = render(<Page />);
    act(() => setTarget("团队成员"));
    expect((await screen.findByRole("dialog")).textContent).toBe("团队成员");
    // The idle load that comes later finds the chunk already asked for.
    await act(async () => runIdle(idle));
    expect(load).toHaveBeenCalledTimes(1);

    const flaky = vi
      .fn<() => Promise<typeof Dialog>>()
      .mockRejectedValueOnce(new Error("网络中断"))
      .mockResolvedValue(Dialog);
    const Other = pageWith(onDemand<Props>(flaky, (props) => props.target !== null));
    first.unmount();
    idle.length = 0;
    render(<Other />);
    await act(async () => runIdle(idle));
    expect(flaky).toHaveBeenCalledTimes(1);
    act(() => setTarget("另存为模板"));
    expect((await screen.findByRole("dialog")).textContent).toBe("另存为模板");
    expect(flaky).toHaveBeenCalledTimes(2);
  });
});

describe("prefetchWhenIdle", () => {
  it("fetches every chunk once the browser is idle, shrugs off a failure, and does nothing once cancelled", async () => {
    const idle: (() => void)[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    vi.stubGlobal("cancelIdleCallback", (handle: number) => cancelled.push(handle));
    const first = vi.fn(async () => ({}));
    const failing = vi.fn(() => Promise.reject(new Error("offline")));
    prefetchWhenIdle(first, failing);
    expect(first).not.toHaveBeenCalled();
    runIdle(idle);
    // The rejection is caught: an unhandled one would fail this test file.
    await Promise.resolve();
    expect(first).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(1);

    const cancel = prefetchWhenIdle(first);
    cancel();
    expect(cancelled).toEqual([2]);
  });
});
