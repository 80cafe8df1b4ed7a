import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../../app.tsx";
import { PasswordLoginForm } from "./password-login-form.tsx";

const IMAGE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"></svg>')}`;
const asked = {
  code: 400,
  msg: "密码错误次数较多，请输入图形验证码后再登录，或使用短信验证码登录",
  data: {
    errors: [
      { field: "captchaCode", message: "密码错误次数较多，请输入图形验证码后再登录，或使用短信验证码登录" },
    ],
  },
};

/** The server as the form sees it: the first login asks for a captcha, the next one fails on the password. */
function stubServer() {
  const logins: Record<string, string>[] = [];
  let captchas = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace("/wjgj/api/", "").split("?")[0];
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
      if (path === "user/getLoginCaptcha") {
        captchas += 1;
        return json({
          code: 200,
          msg: "操作成功",
          data: { captchaId: `${captchas}`.padStart(32, "0"), image: IMAGE },
        });
      }
      const body = Object.fromEntries(new URLSearchParams(String(init?.body ?? "")));
      logins.push(body);
      if (logins.length === 1) return json(asked);
      return json({
        code: 400,
        msg: "手机号或密码错误",
        data: { errors: [{ field: "password", message: "手机号或密码错误" }] },
      });
    }),
  );
  return logins;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slow = { timeout: 20_000 };

describe("密码登录 with an image captcha", { timeout: 60_000 }, () => {
  it("shows the captcha the server asks for, sends its answer, and changes the picture after a failed try", async () => {
    const logins = stubServer();
    const router = createMemoryRouter([
      { path: "/", element: <PasswordLoginForm ensureAgreed={() => true} onForgot={() => undefined} /> },
    ]);
    render(
      <AppProviders client={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByPlaceholderText(/手机号/), { target: { value: "13900000001" } });
    fireEvent.change(screen.getByPlaceholderText("请输入密码"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByRole("button", { name: /登\s*录/ }));

    const picture = (await screen.findByAltText("图形验证码", {}, slow)) as HTMLImageElement;
    expect(picture.src).toBe(IMAGE);
    expect(logins[0]).not.toHaveProperty("captchaId");
    fireEvent.change(screen.getByLabelText("图形验证码"), { target: { value: "AbCd" } });
    fireEvent.click(screen.getByRole("button", { name: /登\s*录/ }));
    await waitFor(() => expect(logins).toHaveLength(2), slow);
    expect(logins[1]).toMatchObject({ captchaId: "1".padStart(32, "0"), captchaCode: "AbCd" });
    // The answer spent that picture: a new one is fetched and the box is emptied.
    await waitFor(
      () => expect((screen.getByLabelText("图形验证码") as HTMLInputElement).value).toBe(""),
      slow,
    );
  });
});
