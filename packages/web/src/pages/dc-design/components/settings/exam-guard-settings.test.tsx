import { fireEvent, render, screen } from "@testing-library/react";
import { type ExamGuard, examGuardSchema } from "@wjgj/core";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ExamGuardForm } from "./exam-guard-settings.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const guard = (patch: Partial<ExamGuard> = {}) => ({ ...examGuardSchema.parse({}), ...patch });

function renderForm(value: ExamGuard) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <ExamGuardForm id={7} value={value} onChange={onChange} />
    </MemoryRouter>,
  );
  // Each switch is named by its label's id.
  const control = (labelId: string) =>
    document.querySelector(`[aria-labelledby="${labelId}"]`) as HTMLButtonElement;
  return { onChange, control };
}

describe("考试防作弊 settings", () => {
  it("keeps 考生水印 and 开放查分 off and disabled until 考生名单 is on", () => {
    // A review saved before the rule (no list) shows off too: 查分 signs candidates in from the list.
    const { control } = renderForm(guard({ review: true, reviewReleased: true }));
    for (const id of ["eg-watermark", "eg-review"]) {
      expect(control(id).disabled).toBe(true);
      expect(control(id).getAttribute("aria-checked")).toBe("false");
    }
    expect(screen.getByText("考生水印需先开启考生名单")).toBeTruthy();
    expect(
      screen.getByText("开放查分需先开启考生名单：考生凭准考证号和姓名（或手机验证码）查分"),
    ).toBeTruthy();
    expect(screen.queryByText("立即发布成绩")).toBeNull();
    document.body.innerHTML = "";
    const on = renderForm(guard({ candidatesOnly: true }));
    expect(on.control("eg-watermark").disabled).toBe(false);
    expect(on.control("eg-review").disabled).toBe(false);
    expect(screen.queryByText("考生水印需先开启考生名单")).toBeNull();
    expect(screen.queryByText(/开放查分需先开启考生名单/)).toBeNull();
  });

  it("turns the watermark and 查分 off with the list, and hands over the whole group on every change", () => {
    const { control, onChange } = renderForm(
      guard({ candidatesOnly: true, watermark: true, attempts: 2, review: true, reviewReleased: true }),
    );
    fireEvent.click(control("eg-candidates"));
    expect(onChange).toHaveBeenLastCalledWith(
      guard({ candidatesOnly: false, watermark: false, attempts: 2, review: false, reviewReleased: false }),
    );
    fireEvent.click(control("eg-camera"));
    expect(onChange).toHaveBeenLastCalledWith(
      guard({
        candidatesOnly: true,
        watermark: true,
        attempts: 2,
        review: true,
        reviewReleased: true,
        camera: true,
      }),
    );
  });

  it("offers the sign-in, the snapshot interval and 立即发布成绩 only with what they belong to", () => {
    renderForm(guard());
    expect(screen.queryByText("登录方式")).toBeNull();
    expect(screen.queryByText("抓拍间隔（分钟）")).toBeNull();
    expect(screen.queryByText("立即发布成绩")).toBeNull();
    document.body.innerHTML = "";
    renderForm(guard({ candidatesOnly: true, camera: true, review: true, fullscreen: true }));
    expect(screen.getByText("登录方式")).toBeTruthy();
    expect(screen.getByText("抓拍间隔（分钟）")).toBeTruthy();
    expect(screen.getByText("考生须先同意开启摄像头才能开始考试；照片仅本考试的管理者可以查看")).toBeTruthy();
    expect(screen.getByText("退出全屏计入切屏次数，超过切屏次数限制自动交卷")).toBeTruthy();
    expect(screen.getByText("未发布成绩时，到收集结束时间后开放查分")).toBeTruthy();
    expect(screen.getByText("管理考生名单").getAttribute("href")).toBe("/dc/result?id=7&tab=invigilation");
  });
});
