import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App as AntApp, Form, Input } from "antd";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.ts";
import { FormDialog } from "./form-dialog.tsx";
import { SmsCodeInput } from "./sms-code-input.tsx";

interface Values {
  name: string;
  code: string;
}

function Harness({ submit, onClose }: { submit: (values: Values) => Promise<unknown>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <AntApp>
      <FormDialog
        open
        title="测试对话框"
        okText="确认提交"
        form={form}
        submit={submit}
        pending={false}
        success="已提交"
        resetOnSuccess
        onClose={onClose}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: "请填写名称" }]}>
          <Input />
        </Form.Item>
        <Form.Item name="code" label="验证码">
          <SmsCodeInput
            aria-label="验证码"
            getPhone={async () => null}
            send={async () => {}}
            onError={() => {}}
          />
        </Form.Item>
      </FormDialog>
    </AntApp>
  );
}

describe("FormDialog", { timeout: 30_000 }, () => {
  it("sends nothing while the form's own rules fail", async () => {
    const submit = vi.fn(async () => {});
    render(<Harness submit={submit} onClose={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "确认提交" }));
    expect(await screen.findByText("请填写名称")).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts a server's error about the code under the SMS code field and stays open", async () => {
    const onClose = vi.fn();
    const submit = vi.fn(async () => {
      throw new ApiError(400, "参数错误", { errors: [{ field: "code", message: "验证码错误" }] }, false);
    });
    render(<Harness submit={submit} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText("名称"), { target: { value: "张三" } });
    fireEvent.change(screen.getByLabelText("验证码"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "确认提交" }));
    expect(await screen.findByText("验证码错误")).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({ name: "张三", code: "123456" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("toasts, clears the fields and closes after success", async () => {
    const onClose = vi.fn();
    render(<Harness submit={async () => {}} onClose={onClose} />);
    const name = screen.getByLabelText("名称") as HTMLInputElement;
    fireEvent.change(name, { target: { value: "张三" } });
    fireEvent.click(screen.getByRole("button", { name: "确认提交" }));
    expect(await screen.findByText("已提交")).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // A reset field is drawn afresh: ask for the input again.
    expect((screen.getByLabelText("名称") as HTMLInputElement).value).toBe("");
  });
});
