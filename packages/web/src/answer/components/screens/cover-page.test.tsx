import { render, screen } from "@testing-library/react";
import type { CoverData } from "@wjgj/core/pages/answer";
import { describe, expect, it } from "vitest";
import { CoverPage } from "./cover-page.tsx";

const cover = (kind: string): CoverData => ({
  page: "cover",
  publicId: "Pub1234567",
  title: "年度最佳员工评选",
  kind,
  description: "",
  headerImage: "",
  themeColor: "#2f6bff",
  questionCount: 3,
  minutes: 1,
});

describe("CoverPage", () => {
  it("starts in the words of the kind: 开始投票 for a vote, 开始填写 for a form, 开始答题 otherwise", () => {
    const { unmount } = render(<CoverPage data={cover("vote")} />);
    expect(screen.getByRole("link", { name: "开始投票" }).getAttribute("href")).toBe("/r/Pub1234567?start=1");
    unmount();
    render(<CoverPage data={cover("form")} />);
    expect(screen.getByRole("link", { name: "开始填写" })).toBeTruthy();
    render(<CoverPage data={cover("survey")} />);
    expect(screen.getByRole("link", { name: "开始答题" })).toBeTruthy();
  });

  it("tells whose statistics the answers serve in the kind's words: 本考试发布者", () => {
    const { container } = render(<CoverPage data={cover("exam")} />);
    expect(container.querySelector(".wa-cover-privacy")?.textContent).toContain(
      "您的回答仅用于本考试发布者的统计分析",
    );
  });
});
