import { render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app.tsx";
import type { ShareTarget } from "./index.tsx";
import { ShareDialogOnDemand } from "./on-demand.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const target: ShareTarget = {
  id: 41,
  publicId: "Qz8dE5gH",
  title: "课程反馈",
  status: "draft",
  kind: "survey",
};

let open: (next: ShareTarget | null) => void = () => {};

function Host() {
  const [shown, setShown] = useState<ShareTarget | null>(null);
  open = setShown;
  return <ShareDialogOnDemand target={shown} onClose={() => setShown(null)} />;
}

describe("分享 on 我的问卷, loaded on demand", { timeout: 60_000 }, () => {
  it("renders nothing until asked, opens on the first share, closes, and opens again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: 200, msg: "", data: null })),
    );
    render(<App router={createMemoryRouter([{ path: "/", element: <Host /> }])} />);
    expect(screen.queryByRole("dialog")).toBeNull();

    open(target);
    // (Ids repeat under test, so the dialog is not found by its labelled name.)
    const dialog = await screen.findByRole("dialog", {}, { timeout: 20_000 });
    expect(dialog.textContent).toContain("分享问卷");
    expect(dialog.textContent).toContain("问卷尚未发布");

    open(null);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    open({ ...target, title: "期末反馈" });
    expect((await screen.findByRole("dialog")).textContent).toContain("尚未发布");
  });
});
