import { screen } from "@testing-library/react";
import { sampleRateDefaults } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "../../stores/session-store.ts";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";
import { definitionOf, detailOf } from "../dc-design/testing/fixtures.ts";

fakeApiForEachTest({
  "user/getUserInfo": { nickName: "李老师", phone: "13900000002", isTemplate: 0, role: "user" },
  "questionary/getQuestionaryDetail": detailOf({ ...definitionOf([]), kind: "exam", title: "期末考试" }),
  "sampleService/getSampleService": { rates: sampleRateDefaults, balanceFen: 0 },
  "sampleService/getSampleOrderList": [],
});

// 样本服务 of a draft exam: ordering waits for publishing, and the notice names the exam.
describe("样本服务 of a draft exam", { timeout: 60_000 }, () => {
  it("says 考试发布后才能订购样本", async () => {
    useSessionStore.getState().setToken("t");
    renderRoute("/dc/samples?id=7");
    expect(await screen.findByText("考试发布后才能订购样本", {}, { timeout: 20_000 })).toBeTruthy();
  });
});
