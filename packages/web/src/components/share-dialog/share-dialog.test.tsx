import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "../../app.tsx";
import { ShareDialog, type ShareTarget } from "./index.tsx";

const calls: string[] = [];

function answerScheme(reply: { code: number; msg: string; data: unknown }) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      calls.push(path);
      return Response.json(reply);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(target: ShareTarget) {
  const router = createMemoryRouter([
    { path: "/", element: <ShareDialog target={target} onClose={() => {}} /> },
  ]);
  render(<App router={router} />);
}

// Each case shares another questionnaire: the app's query cache keeps a link per id.
const published = (id: number): ShareTarget => ({
  id,
  publicId: "Ab3dE5gH",
  title: "满意度调查",
  status: "published",
  kind: "survey",
});

describe("分享 · 微信小程序", { timeout: 60_000 }, () => {
  it("shows the mini-program link the server generates", async () => {
    answerScheme({
      code: 200,
      msg: "",
      data: { openlink: "weixin://dl/business/?t=abc123", expireTime: "2026-12-25 10:00:00" },
    });
    renderDialog(published(7));
    const link = await screen.findByLabelText("小程序链接", undefined, { timeout: 20_000 });
    expect((link as HTMLInputElement).value).toBe("weixin://dl/business/?t=abc123");
    expect(screen.getByText(/有效期至 2026-12-25 10:00:00/)).toBeTruthy();
    expect(calls).toContain("queationaryTeam/getSmallUrlScheme");
  });

  it("is not offered when the server has no mini program configured", async () => {
    answerScheme({ code: 400, msg: "尚未配置微信小程序，暂不能生成小程序链接", data: { configured: false } });
    renderDialog(published(8));
    const link = await screen.findByTestId("share-link", undefined, { timeout: 20_000 });
    // jsdom's width is a phone's: the whole link wraps in a box of its own, the buttons under it, not
    // squeezed into one row that leaves room for the origin alone.
    expect(link.tagName).toBe("TEXTAREA");
    expect((link as HTMLTextAreaElement).value).toMatch(/\/r\/[A-Za-z0-9]+$/);
    expect(link.closest(".ant-space-compact")).toBeNull();
    expect(screen.getByRole("button", { name: /复制链接/ }).closest(".wj-share__link--narrow")).toBeTruthy();
    await waitFor(() => expect(calls).toContain("queationaryTeam/getSmallUrlScheme"));
    await waitFor(() => expect(screen.queryByText("微信小程序")).toBeNull());
    expect(screen.queryByText("尚未配置微信小程序，暂不能生成小程序链接")).toBeNull();
  });

  it("says why when WeChat refuses, and is not asked for a draft", async () => {
    answerScheme({ code: 400, msg: "微信暂时无法生成小程序链接，请稍后再试", data: null });
    renderDialog(published(9));
    expect(
      await screen.findByText("微信暂时无法生成小程序链接，请稍后再试", undefined, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "重试" })).toBeTruthy();
    document.body.innerHTML = "";
    answerScheme({ code: 200, msg: "", data: null });
    renderDialog({ ...published(10), status: "draft" });
    await screen.findByTestId("share-link", undefined, { timeout: 20_000 });
    expect(calls).not.toContain("queationaryTeam/getSmallUrlScheme");
  });
});

describe("分享 · names what is shared", { timeout: 60_000 }, () => {
  it("says 考试 for an exam and 问卷 for a survey", async () => {
    answerScheme({ code: 200, msg: "", data: null });
    renderDialog({ ...published(12), status: "draft", kind: "exam" });
    const dialog = await screen.findByRole("dialog", undefined, { timeout: 20_000 });
    await screen.findByTestId("share-link", undefined, { timeout: 20_000 });
    expect(dialog.textContent).toContain("分享考试");
    expect(dialog.textContent).toContain("考试链接");
    expect(dialog.textContent).toContain("考试尚未发布，发布后答题者才能通过链接或二维码填写。");
    expect(dialog.textContent).toContain("考试会直接显示在页面里。");
    expect(dialog.textContent).toContain("不填则使用考试标题、说明和页眉图片。");
    expect(dialog.textContent).not.toMatch(/问卷(链接|尚未|会直接|标题)|分享问卷/);
    document.body.innerHTML = "";
    renderDialog({ ...published(13), status: "stopped" });
    const survey = await screen.findByRole("dialog", undefined, { timeout: 20_000 });
    await screen.findByTestId("share-link", undefined, { timeout: 20_000 });
    expect(survey.textContent).toContain("分享问卷");
    expect(survey.textContent).toContain("问卷已暂停收集");
  });
});

describe("分享 · 分享设置", { timeout: 60_000 }, () => {
  it("shows the saved card over the fallbacks, and saves what the creator writes", async () => {
    const sent: unknown[] = [];
    const settings = {
      headerImage: "/uploads/2026-06/header.png",
      share: { title: "旧的分享标题", description: "", image: "" },
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
        calls.push(path);
        if (path === "questionary/getQuestionarySet")
          return Response.json({ code: 200, msg: "", data: settings });
        if (path === "questionary/getQuestionaryDetail")
          return Response.json({
            code: 200,
            msg: "",
            data: {
              id: 11,
              definition: { description: "<p>欢迎参加本次<b>满意度</b>调查，\n约需3分钟。</p>" },
            },
          });
        if (path === "questionary/updateQuestionarySet") {
          const body = JSON.parse(String(init?.body)) as { settings: { share: typeof settings.share } };
          sent.push(body);
          return Response.json({ code: 200, msg: "", data: { ...settings, share: body.settings.share } });
        }
        return Response.json({ code: 400, msg: "尚未配置微信小程序", data: { configured: false } });
      }),
    );
    renderDialog(published(11));
    const title = (await screen.findByLabelText("分享标题", undefined, {
      timeout: 20_000,
    })) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe("旧的分享标题"));
    const preview = screen.getByTestId("share-card-preview");
    // No description or picture of its own: the preview shows what the card falls back to — the
    // questionnaire's 问卷说明 as one line of plain text, as the answer page's og:description says.
    await waitFor(() => expect(preview.textContent).toContain("欢迎参加本次满意度调查， 约需3分钟。"));
    expect(preview.textContent).not.toContain("默认使用问卷说明");
    expect(preview.querySelector("img")?.getAttribute("src")).toBe("/uploads/2026-06/header.png");
    const save = screen.getByRole("button", { name: /保存分享设置/ });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(title, { target: { value: "新年抽奖问卷" } });
    fireEvent.change(screen.getByLabelText("分享描述"), { target: { value: "填完就能抽奖" } });
    expect(preview.textContent).toContain("新年抽奖问卷");
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id: 11,
      settings: { share: { title: "新年抽奖问卷", description: "填完就能抽奖", image: "" } },
    });
    await screen.findByText("分享设置已保存");
  });
});
