import { describe, expect, it } from "vitest";
import { questionarySettingsSchema } from "./questionary.ts";
import { filterNarrows } from "./results.ts";
import { DEFAULT_REVIEW_NOTE, reviewSmsText } from "./reviews.ts";

describe("审核 settings and texts (issue #41)", () => {
  it("is off by default with the default note, and refuses a note over 200 characters", () => {
    expect(questionarySettingsSchema.parse({}).review).toEqual({
      required: false,
      note: DEFAULT_REVIEW_NOTE,
    });
    expect(questionarySettingsSchema.parse({ review: { required: true } }).review.required).toBe(true);
    const long = questionarySettingsSchema.safeParse({ review: { note: "长".repeat(201) } });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe("审核提示最多200个字");
  });

  it("writes the SMS of each outcome, a long title cut", () => {
    expect(reviewSmsText("社团报名", "approved", "")).toBe("【问卷】您提交的「社团报名」已通过审核");
    expect(reviewSmsText("社团报名", "rejected", "资料不全")).toBe(
      "【问卷】您提交的「社团报名」未通过审核，原因：资料不全",
    );
    expect(reviewSmsText("题".repeat(40), "approved", "")).toBe(
      `【问卷】您提交的「${"题".repeat(30)}…」已通过审核`,
    );
  });

  it("counts a review state as narrowing a filter (statistics then leave the counters)", () => {
    expect(filterNarrows({})).toBe(false);
    expect(filterNarrows({ review: "pending" })).toBe(true);
  });
});
