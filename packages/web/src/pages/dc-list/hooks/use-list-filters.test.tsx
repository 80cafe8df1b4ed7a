import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ListFilters } from "../list-filters.ts";
import { useListFilters } from "./use-list-filters.ts";

describe("useListFilters", () => {
  it("builds each change on the one before, even before the router rendered it", async () => {
    let update: ((patch: Partial<ListFilters>) => void) | null = null;
    function Probe() {
      update = useListFilters().update;
      return null;
    }
    const router = createMemoryRouter([{ path: "/dc/dclist", element: <Probe /> }], {
      initialEntries: ["/dc/dclist?tab=recycle&fromType=2"],
    });
    render(<RouterProvider router={router} />);
    // 全部问卷, then a search typed at once: both changes land, on the tab just chosen.
    await act(async () => {
      update?.({ tab: "mine", title: "" });
      update?.({ title: "满意度" });
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get("tab")).toBeNull();
    expect(search.get("title")).toBe("满意度");
    expect(search.get("fromType")).toBe("2");
  });
});
