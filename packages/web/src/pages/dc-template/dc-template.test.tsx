import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerNavigate } from "../../api/feedback.ts";
import { App } from "../../app.tsx";
import { routes } from "../../router.tsx";
import { useSessionStore } from "../../stores/session-store.ts";
import { useUserStore } from "../../stores/user-store.ts";

const user = {
  avatar: "",
  headImg: "",
  nickName: "李老师",
  phone: "13900000001",
  vipLevel: 0,
  vipStopTime: "",
  isTemplate: 0,
  role: "user",
};

const card = (id: number, title: string) => ({
  id,
  title,
  description: "十道消防常识题",
  cover: "",
  kind: "exam",
  kindName: "在线考试",
  categoryId: "exam-1",
  categoryName: "学校考试",
  professionId: 1,
  professionName: "教育",
  tags: [],
  questionCount: 5,
  useCount: 12,
  official: true,
  featured: false,
  visibility: "public",
  reviewState: "approved",
  reviewStateName: "已通过",
  rejectReason: "",
  authorName: "问卷管家官方",
  createdAt: "2026-11-01 10:00:00",
  updatedAt: "2026-11-01 10:00:00",
});

const requests: string[] = [];

function stubApi() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      const data: Record<string, unknown> = {
        "user/getUserInfo": user,
        "navigation/getProfessionList": [{ id: 1, name: "教育", sort: 1 }],
        "navigation/getChoiceTemplateList": {
          list: url.includes("sort=new") ? [card(2, "期末考试")] : [card(1, "消防安全知识竞赛")],
          total: 1,
          pageNum: 1,
          pageSize: 12,
        },
        "template/getMyTemplateList": { list: [], total: 0, pageNum: 1, pageSize: 12 },
        "navigation/quoteTemplate": { id: 77, title: "消防安全知识竞赛" },
      };
      const body =
        path in data ? { code: 200, msg: "操作成功", data: data[path] } : { code: 404, msg: "x", data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

beforeEach(() => {
  requests.length = 0;
  useSessionStore.getState().clearAll();
  useUserStore.getState().clear();
  useSessionStore.getState().setToken("t");
  stubApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("模板中心", { timeout: 60_000 }, () => {
  it("filters the gallery by the kind from 创建问卷, sorts by 最新, and 使用 opens the designer on the new draft", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ["/dc/template?kind=exam"] });
    registerNavigate((to) => void router.navigate(to));
    render(<App router={router} />);
    expect(await screen.findByText("消防安全知识竞赛", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(requests.some((u) => u.includes("getChoiceTemplateList") && u.includes("kind=exam"))).toBe(true);
    expect(screen.queryByText("即将上线")).toBeNull();

    fireEvent.click(screen.getByText("最新"));
    expect(await screen.findByText("期末考试")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "使用" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/dcDesign"));
    expect(router.state.location.search).toBe("?id=77");
    expect(requests.some((u) => u.includes("navigation/quoteTemplate"))).toBe(true);
  });

  it("我的模板 lists the user's own templates, with 新建模板 opening the template designer", async () => {
    const router = createMemoryRouter(routes, { initialEntries: ["/dc/template?tab=mine"] });
    render(<App router={router} />);
    expect(
      await screen.findByText("还没有模板，可点击“新建模板”，或在问卷设计页“另存为模板”", undefined, {
        timeout: 20_000,
      }),
    ).toBeTruthy();
    expect(requests.some((u) => u.includes("template/getMyTemplateList"))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "新建模板" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/createTemplate"));
  });
});
