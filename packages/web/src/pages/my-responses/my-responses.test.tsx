import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type MyResponses, messages } from "@wjgj/core";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app.tsx";
import { MyResponsesPage } from "./index.tsx";

const found: MyResponses = {
  questionnaireTitle: "2026年度员工满意度调查",
  list: [{ submittedAt: "2026-12-05 07:23:55", receiptToken: "12.abc" }],
};

/** Answers each API call by its path, as the server's envelope. */
function stubApi(data: Record<string, unknown>) {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      paths.push(path);
      return new Response(JSON.stringify({ code: 200, msg: "ok", data: data[path] ?? null }), {
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: "/mine/:publicId", element: <MyResponsesPage /> }], {
    initialEntries: ["/mine/EnB5r4xM15"],
  });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("查询我的答卷 (/mine/{publicId})", { timeout: 30_000 }, () => {
  it("names the questionnaire on arrival, then lists the responses found as receipts", async () => {
    const paths = stubApi({
      "anQuestion/getMyResponsesLookup": { questionnaireTitle: found.questionnaireTitle, byPhone: true },
      "anQuestion/findMyResponses": found,
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("2026年度员工满意度调查"),
    );
    expect(screen.getByText(/^查询我的答卷 · /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("手机号"), { target: { value: "13900000003" } });
    fireEvent.change(screen.getByLabelText("验证码"), { target: { value: "123456" } });
    fireEvent.click(screen.getByText("查询").closest("button") as HTMLButtonElement);
    await screen.findByText("提交于 2026-12-05 07:23:55 的答卷");
    expect(paths).toEqual(["anQuestion/getMyResponsesLookup", "anQuestion/findMyResponses"]);
    expect(screen.getByText("提交于 2026-12-05 07:23:55 的答卷").getAttribute("href")).toBe(
      "/receipt/12.abc",
    );
  });

  it("says at once that a questionnaire without a phone question cannot be searched, with no form", async () => {
    stubApi({ "anQuestion/getMyResponsesLookup": { questionnaireTitle: "活动报名", byPhone: false } });
    renderPage();
    expect(await screen.findByText(messages.myResponsesNoPhone)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("活动报名");
    expect(screen.queryByLabelText("手机号")).toBeNull();
    expect(screen.queryByText("获取验证码")).toBeNull();
  });
});
