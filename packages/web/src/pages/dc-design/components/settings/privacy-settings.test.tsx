import { describe, expect, it } from "vitest";
import { retentionSummary } from "./privacy-settings.tsx";

describe("答卷保留期限's note", () => {
  it("says when the responses fall due and what the last run did", () => {
    expect(retentionSummary({ collectionEndedAt: "", runs: [] }, 30)).toBe(
      "停止收集（或到达结束时间）30 天后处理此前提交的答卷",
    );
    const ended = "2026-11-01T02:00:00.000Z";
    const note = retentionSummary(
      {
        collectionEndedAt: ended,
        runs: [
          {
            action: "anonymise",
            cutoff: ended,
            total: 12,
            done: 5,
            status: "running",
            startedAt: "2026-12-01T02:00:00.000Z",
            finishedAt: "",
          },
        ],
      },
      30,
    );
    expect(note).toContain("起处理此前提交的答卷");
    expect(note).toContain("去除个人信息 12 份答卷（进行中 5/12）");
  });
});
