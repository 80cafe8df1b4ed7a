import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { UserInfo } from "@wjgj/core";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app.tsx";
import { useUserStore } from "../../stores/user-store.ts";
import { SaveAsTemplateDialog } from "./index.tsx";

const bodies: Record<string, string>[] = [];
let reply: { code: number; msg: string; data: unknown };

beforeEach(() => {
  bodies.length = 0;
  reply = { code: 200, msg: "模板已保存", data: { id: 9, title: "新员工入职调查" } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      if (path === "navigation/getProfessionList")
        return Response.json({ code: 200, msg: "", data: [{ id: 3, name: "企业人事", sort: 1 }] });
      bodies.push(Object.fromEntries(new URLSearchParams(String(init?.body ?? ""))));
      return Response.json(reply);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clear();
});

function signIn(isTemplate: 0 | 1) {
  useUserStore.setState({
    userInfo: { isTemplate, role: "user", phone: "13900000001", nickName: "李老师" } as UserInfo,
    status: "ready",
  });
}

function renderDialog() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <SaveAsTemplateDialog
            source={{ id: 41, title: "新员工入职调查", kind: "form" }}
            onClose={() => {}}
          />
        ),
      },
      { path: "/dc/template", element: <p>模板中心页</p> },
    ],
    { initialEntries: ["/"] },
  );
  render(<App router={router} />);
  return router;
}

describe("另存为模板", { timeout: 60_000 }, () => {
  it("starts from the questionnaire's title and kind, sends the metadata and links to 我的模板", async () => {
    const router = renderDialog();
    const title = await screen.findByLabelText("模板名称", undefined, { timeout: 20_000 });
    expect((title as HTMLInputElement).value).toBe("新员工入职调查");
    expect(screen.getByText("收集表单")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("模板简介"), { target: { value: "入职第一周填写" } });
    const tags = screen.getByLabelText("标签");
    fireEvent.change(tags, { target: { value: "入职" } });
    fireEvent.keyDown(tags, { key: "Enter", code: "Enter" });

    fireEvent.click(screen.getByRole("button", { name: "保存为模板" }));
    expect(await screen.findByText("已保存为模板")).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      questionaryId: "41",
      title: "新员工入职调查",
      kind: "form",
      description: "入职第一周填写",
      tags: JSON.stringify(["入职"]),
    });

    fireEvent.click(screen.getByRole("button", { name: "查看我的模板" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dc/template"));
    expect(router.state.location.search).toBe("?tab=mine");
  });

  it("shows the server's field error beside its field and keeps what was typed", async () => {
    reply = {
      code: 400,
      msg: "模板名称需为 1-100 个字",
      data: { errors: [{ field: "title", message: "模板名称需为 1-100 个字" }] },
    };
    renderDialog();
    await screen.findByLabelText("模板名称", undefined, { timeout: 20_000 });
    fireEvent.click(screen.getByRole("button", { name: "保存为模板" }));
    expect(await screen.findByText("模板名称需为 1-100 个字")).toBeTruthy();
    expect((screen.getByLabelText("模板名称") as HTMLInputElement).value).toBe("新员工入职调查");
    expect(screen.queryByText("已保存为模板")).toBeNull();
  });

  it("a template author can submit it for public review at once; others are not offered it", async () => {
    signIn(1);
    reply = {
      code: 200,
      msg: "模板已保存",
      data: { id: 9, title: "新员工入职调查", visibility: "public", reviewState: "pending" },
    };
    renderDialog();
    await screen.findByLabelText("模板名称", undefined, { timeout: 20_000 });
    fireEvent.click(screen.getByLabelText("同时提交到公共模板库审核"));
    fireEvent.click(screen.getByRole("button", { name: "保存为模板" }));
    expect(await screen.findByText("已提交审核")).toBeTruthy();
    expect(bodies[0]).toMatchObject({ questionaryId: "41", visibility: "public" });
  });

  it("does not offer public review to a user who is not a template author", async () => {
    signIn(0);
    renderDialog();
    await screen.findByLabelText("模板名称", undefined, { timeout: 20_000 });
    expect(screen.queryByLabelText("同时提交到公共模板库审核")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "保存为模板" }));
    expect(await screen.findByText("已保存为模板")).toBeTruthy();
    expect(bodies[0]?.visibility).toBeUndefined();
  });
});
