import { describe, expect, it } from "vitest";
import { readSettings } from "../questionnaires/store.ts";
import { publicExamGuard } from "./open.ts";

const settingsWith = (examGuard: object) => readSettings(JSON.stringify({ examGuard }));

describe("the exam guard the answer page sees", () => {
  it("offers 查分 only with a 考生名单: without one nobody could sign in to look a score up", () => {
    const withoutList = publicExamGuard("exam", settingsWith({ review: true, reviewReleased: true }), 30);
    expect(withoutList?.review).toBe(false);
    const withList = publicExamGuard(
      "exam",
      settingsWith({ candidatesOnly: true, review: true, reviewReleased: true }),
      30,
    );
    expect(withList?.review).toBe(true);
  });
});
