import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";
import { buildTemplateCard } from "../../testing/template-fixtures.ts";

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

const card = (id: number, title: string) =>
  buildTemplateCard({
    id,
    title,
    description: "十道消防常识题",
    kind: "exam",
    kindName: "在线考试",
    categoryId: "exam-1",
    categoryName: "学校考试",
    professionId: 1,
    professionName: "教育",
    questionCount: 5,
    useCount: 12,
  });

const requests = fakeApiForEachTest({
  "user/getUserInfo": user,
  "navigation/getProfessionList": [{ id: 1, name: "教育", sort: 1 }],
  "navigation/getChoiceTemplateList": (url: string) => ({
    list: url.includes("sort=new") ? [card(2, "期末考试")] : [card(1, "消防安全知识竞赛")],
    total: 1,
    pageNum: 1,
    pageSize: 12,
  }),
  "template/getMyTemplateList": { list: [], total: 0, pageNum: 1, pageSize: 12 },
  "navigation/quoteTemplate": { id: 77, title: "消防安全知识竞赛" },
});

beforeEach(() => {
  useSessionStore.getState().setToken("t");
});

describe("模板中心", { timeout: 60_000 }, () => {
  it("filters the gallery by the kind from 创建问卷, sorts by 最新, and 使用 opens the designer on the new draft", async () => {
    const router = renderRoute("/dc/template?kind=exam");
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
    const router = renderRoute("/dc/template?tab=mine");
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
