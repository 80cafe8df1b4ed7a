import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { messages } from "@wjgj/core";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app.tsx";
import { ExamScorePage } from "./index.tsx";

const guard = {
  candidatesOnly: true,
  signIn: "phone",
  fullscreen: false,
  blockCopy: false,
  watermark: false,
  camera: false,
  snapshotMinutes: 5,
  attempts: true,
  review: true,
  timeLimitMinutes: 30,
};

let calls: { path: string; body: Record<string, unknown> }[] = [];

/** The exam's gate, a code sent, a sign-in, and a review not released yet (shown on the page). */
beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0] ?? "";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const reply =
        path === "anQuestion/getQuestionary"
          ? { code: 200, data: { title: "消防知识考试", settings: { examGuard: guard } } }
          : path === "exam/signIn"
            ? {
                code: 200,
                data: {
                  candidateToken: "candidate-1",
                  candidate: { name: "王小明", number: "A001" },
                  attemptsLeft: 0,
                },
              }
            : path === "exam/review"
              ? { code: 409, msg: "成绩尚未公布，请在考试结束后查询", data: null }
              : { code: 200, data: null };
      return new Response(JSON.stringify({ msg: "ok", ...reply }), {
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: "/examScore/:publicId", element: <ExamScorePage /> }], {
    initialEntries: ["/examScore/Exam123456"],
  });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe("查询成绩 (/examScore/{publicId}) for an exam whose candidates sign in by phone", {
  timeout: 30_000,
}, () => {
  it("checks the number before sending a code, then signs in with phone and code", async () => {
    renderPage();
    const phone = await screen.findByLabelText("手机号");
    fireEvent.change(phone, { target: { value: "1390000" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText(messages.phoneInvalid)).toBeTruthy();
    expect(calls.some((call) => call.path === "user/sendCode")).toBe(false);

    fireEvent.change(phone, { target: { value: "13900000003" } });
    fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === "user/sendCode")?.body).toEqual({
        phone: "13900000003",
        purpose: "exam",
      }),
    );
    expect(await screen.findByRole("button", { name: /秒后重新获取/ })).toBeTruthy();

    // A code cut short is called out when the focus leaves it; an empty box is not (back to the phone,
    // say): the same check that clears the first shows nothing in its place. Sending the form empty does.
    const code = screen.getByLabelText("验证码");
    fireEvent.change(code, { target: { value: "12345" } });
    fireEvent.focusOut(code);
    expect(await screen.findByText(messages.codeInvalidFormat)).toBeTruthy();
    fireEvent.change(code, { target: { value: "" } });
    fireEvent.focusOut(code);
    await waitFor(() => expect(screen.queryByText(messages.codeInvalidFormat)).toBeNull());
    expect(screen.queryByText(messages.codeRequired)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "查询成绩" }));
    expect(await screen.findByText(messages.codeRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === "exam/signIn")).toBe(false);

    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "查询成绩" }));
    expect(await screen.findByText("成绩尚未公布，请在考试结束后查询")).toBeTruthy();
    expect(calls.find((call) => call.path === "exam/signIn")?.body).toEqual({
      publicId: "Exam123456",
      phone: "13900000003",
      code: "123456",
    });
    expect(calls.find((call) => call.path === "exam/review")?.body).toEqual({
      publicId: "Exam123456",
      candidateToken: "candidate-1",
    });
  });
});
