import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Failure, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

setupResultTests();

describe("统计与分析 of a questionnaire that is not the caller's", { timeout: 30_000 }, () => {
  it("says so once, as the page's own state, without the 系统提示 box", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => new Failure(403, "账号没有相关操作权限"),
    });
    renderResults("?id=7");
    const denied = await screen.findByTestId("access-denied", {}, slow);
    expect(denied.textContent).toContain("没有权限查看此页面");
    expect(denied.textContent).toContain("不属于当前账号");
    await waitFor(() => expect(calls.some((c) => c.path === "questionary/getQuestionaryDetail")).toBe(true));
    expect(document.querySelector(".ant-modal")).toBeNull();
    expect(document.body.textContent).not.toContain("系统提示");
    expect(document.body.textContent).not.toContain("问卷加载失败");
  });
});
