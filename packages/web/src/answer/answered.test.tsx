import type { OpenData } from "@wjgj/core/pages/answer";
import { describe, expect, it } from "vitest";
import { publicSettings } from "../testing/answer-fixtures.ts";
import { prepareAnswerPage, renderAnswerPage } from "./ssr.tsx";

/** What anQuestion/getQuestionary answers a source that has used its answers (open.ts): no paper, the limit. */
function answeredOpen(
  kind: string,
  daily: boolean,
  source: NonNullable<OpenData["answered"]>["source"] = "device",
): OpenData {
  return {
    state: "open",
    stateMessage: "",
    gate: null,
    publicId: "Pub1234567",
    title: "年度最佳员工评选",
    kind,
    revisionId: null,
    definition: null,
    answerToken: null,
    settings: publicSettings(),
    answered: {
      message:
        source === "attempts" ? "您的考试次数已用完，不能再次作答" : "该设备已提交过答卷，不能重复提交",
      daily,
      source,
    },
  };
}

function rendered(open: OpenData): HTMLElement {
  const data = prepareAnswerPage({ page: "answer", open, today: "2026-06-01", deviceId: "Device_12345678" });
  const container = document.createElement("div");
  container.innerHTML = renderAnswerPage(data).html;
  return container;
}

describe("a respondent who has used its answers (限答), on opening", () => {
  it("sees in the kind's own words that it has answered, with the limit's reason, and no questions", () => {
    const vote = rendered(answeredOpen("vote", false));
    expect(vote.querySelector("h1")?.textContent).toBe("您已经投过票了");
    expect(vote.textContent).toContain("年度最佳员工评选");
    expect(vote.textContent).toContain("该设备已投过票，不能重复投票");
    expect(vote.querySelector("form, input, button")).toBeNull();

    const survey = rendered(answeredOpen("survey", true));
    expect(survey.querySelector("h1")?.textContent).toBe("您已经提交过答卷");
    expect(survey.textContent).toContain("该设备今天已提交过答卷，明天可以再来");
    expect(rendered(answeredOpen("survey", false, "account")).textContent).toContain(
      "您已提交过答卷，不能重复提交",
    );
    expect(rendered(answeredOpen("vote", true, "ip")).textContent).toContain(
      "该网络今天已投过票，明天可以再来",
    );
    const exam = rendered(answeredOpen("exam", false, "attempts"));
    expect(exam.querySelector("h1")?.textContent).toBe("您已经参加过本次考试");
    expect(exam.textContent).toContain("您的考试次数已用完，不能再次作答");
  });
});
