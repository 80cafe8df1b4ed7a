import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { SessionItem } from "@wjgj/core";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../../app.tsx";
import { DevicesCard } from "./devices-card.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Twelve sessions, newest first as the server lists them; this browser's is the fourth. */
const sessions: SessionItem[] = Array.from({ length: 12 }, (_, i) => ({
  id: 100 - i,
  current: i === 3,
  device: `设备${i + 1}`,
  ip: `10.0.0.${i + 1}`,
  createdAt: `2026-11-${String(30 - i).padStart(2, "0")} 09:00:00`,
}));

describe("个人资料 · 登录设备", { timeout: 60_000 }, () => {
  it("lists this device first and pages the rest five at a time", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: 200, msg: "", data: { list: sessions } })),
    );
    const router = createMemoryRouter([{ path: "/", element: <DevicesCard /> }]);
    render(<App router={router} />);
    const list = await screen.findByTestId("session-list", undefined, { timeout: 20_000 });
    // The devices, not the pager's items.
    const rows = () => [...list.querySelectorAll(".ant-list-item")];
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]?.textContent).toContain("设备4");
    expect(rows()[0]?.textContent).toContain("当前设备");
    expect(rows()[1]?.textContent).toContain("设备1");

    fireEvent.click(within(list).getByTitle("3"));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining("设备11"),
      expect.stringContaining("设备12"),
    ]);
  });
});
