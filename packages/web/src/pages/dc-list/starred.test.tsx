import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { QuestionarySummary } from "@wjgj/core";
import { describe, expect, it, vi } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { buildQuestionarySummary } from "../../testing/questionary-fixtures.ts";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";

const summary = (id: number, title: string) => buildQuestionarySummary({ id, title });

let store: QuestionarySummary[] = [];

const lastBody = (path: string) =>
  new URLSearchParams(
    String(vi.mocked(fetch).mock.calls.findLast(([url]) => String(url).includes(path))?.[1]?.body ?? ""),
  );

const requests = fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李老师", phone: "13900000002", isTemplate: 0, role: "user" },
  "questionary/getQuestionaryList": (url: string) => {
    const starredOnly = new URL(url, "http://x").searchParams.get("starred") === "true";
    const list = store.filter((item) => !starredOnly || item.starred);
    return { list, total: list.length, pageNum: 1, pageSize: 10 };
  },
  "questionary/starQuestionary": () => {
    const body = lastBody("questionary/starQuestionary");
    const item = store.find((candidate) => candidate.id === Number(body.get("id")));
    if (!item) return null;
    item.starred = body.get("starred") === "true";
    return item;
  },
});

const card = (title: string) =>
  screen.getAllByTestId("questionary-card").find((node) => within(node).queryByText(title)) as HTMLElement;

describe("星标 in 我的问卷", () => {
  it("marks a questionnaire from its card, lists it under 星标问卷, and unmarks it there", async () => {
    store = [summary(1, "常用的周报"), summary(2, "一次性的报名")];
    useSessionStore.getState().setToken("t");
    renderRoute("/dc/dclist");

    await screen.findByText("常用的周报");
    const mark = within(card("常用的周报")).getByRole("button", { name: "星标" });
    expect(mark.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(mark);
    await waitFor(() => expect(lastBody("questionary/starQuestionary").get("starred")).toBe("true"));
    await waitFor(() =>
      expect(
        within(card("常用的周报")).getByRole("button", { name: "星标" }).getAttribute("aria-pressed"),
      ).toBe("true"),
    );
    expect(
      within(card("一次性的报名")).getByRole("button", { name: "星标" }).getAttribute("aria-pressed"),
    ).toBe("false");
    expect(await screen.findByText("已设为星标")).toBeTruthy();

    // 星标问卷: the list asks for the marked ones alone.
    fireEvent.click(screen.getByRole("button", { name: "星标问卷" }));
    expect(await screen.findByRole("heading", { name: "星标问卷" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("一次性的报名")).toBeNull());
    expect(screen.getByText("常用的周报")).toBeTruthy();
    expect(requests.some((url) => url.includes("getQuestionaryList") && url.includes("starred=true"))).toBe(
      true,
    );

    // Unmarked there, it leaves the list, which then says how to mark one.
    fireEvent.click(within(card("常用的周报")).getByRole("button", { name: "星标" }));
    expect(await screen.findByText(/还没有星标问卷/)).toBeTruthy();
    expect(store[0]?.starred).toBe(false);
  });
});
