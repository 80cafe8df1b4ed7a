import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Failure, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

setupResultTests();

describe("统计与分析 of a questionnaire that is not the caller's", { timeout: 30_000 }, () => {
  it("answers 问卷不存在 once, as every creator screen does, without the 系统提示 box", async () => {
    const calls = stubApi({
      "questionary/getQuestionaryDetail": () => new Failure(403, "账号没有相关操作权限"),
    });
    renderResults("?id=7");
    expect(await screen.findByText("问卷不存在", {}, slow)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "questionary/getQuestionaryDetail")).toBe(true));
    expect(document.querySelector(".ant-modal")).toBeNull();
    expect(document.body.textContent).not.toContain("系统提示");
    expect(document.body.textContent).not.toContain("问卷加载失败");
  });
});
