import { describe, expect, it } from "vitest";
import { shareFallbackDescription } from "./questionary.ts";

describe("分享设置 · 默认描述", () => {
  it("gives a share card without a description the questionnaire's, else why it is closed, else its title", () => {
    expect(shareFallbackDescription("<p>问卷<i>说明</i></p>", "标题")).toBe("问卷说明");
    expect(shareFallbackDescription("", "标题", "问卷已暂停收集")).toBe("问卷已暂停收集");
    expect(shareFallbackDescription("<p> </p>", "<b>员工</b>调查")).toBe("员工调查 - 问卷管家在线问卷");
  });
});
