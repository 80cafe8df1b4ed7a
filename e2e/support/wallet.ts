import { type APIRequestContext, expect } from "@playwright/test";
import { latestSmsCode } from "./accounts.ts";

/** A fresh account signed up by SMS with 50 元 recharged through the local fake gateway. */
export async function fundedAccount(request: APIRequestContext) {
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  expect((await (await request.post("/wjgj/api/user/sendCode", { form: { phone } })).json()).code).toBe(200);
  const code = await latestSmsCode(request, phone);
  const login = await (await request.post("/wjgj/api/user/checkPhoneCode", { form: { phone, code } })).json();
  expect(login.code, login.msg).toBe(200);
  const token = login.data.token as string;
  const headers = { token };
  const order = await (
    await request.post("/wjgj/api/pay/createOrder", {
      headers,
      form: { kind: "recharge", amountFen: "5000" },
    })
  ).json();
  expect(order.code, order.msg).toBe(200);
  const orderNo = order.data.orderNo as string;
  const paying = await (
    await request.post("/wjgj/api/pay/payOrder", { headers, form: { orderNo, provider: "fake" } })
  ).json();
  expect(paying.code, paying.msg).toBe(200);
  expect(
    (await (await request.post("/wjgj/api/pay/fakeGatewayPay", { headers, form: { orderNo } })).json()).code,
  ).toBe(200);
  return { phone, token, orderNo };
}
