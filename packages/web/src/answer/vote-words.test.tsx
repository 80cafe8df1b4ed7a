import type { OpenData } from "@wjgj/core/pages/answer";
import { describe, expect, it } from "vitest";
import { publicSettings } from "../testing/answer-fixtures.ts";
import { prepareAnswerPage, renderAnswerPage } from "./ssr.tsx";

const vote = {
  schemaVersion: 1,
  kind: "vote",
  title: "社团招新投票",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "club",
          type: "voteSingle",
          title: "您最想加入的社团",
          required: true,
          config: {
            options: [
              { id: "a", label: "摄影社" },
              { id: "b", label: "篮球社" },
            ],
          },
        },
      ],
    },
  ],
  computed: [],
  quotas: [],
  settings: { numbering: "dynamic", allowBack: true },
} as unknown as NonNullable<OpenData["definition"]>;

describe("a vote's page", () => {
  it("asks to 投票, not to 提交", () => {
    const open: OpenData = {
      state: "open",
      stateMessage: "",
      gate: null,
      publicId: "Vote123456",
      title: "社团招新投票",
      kind: "vote",
      revisionId: 3,
      definition: vote,
      answerToken: "Vote123456.3.1780000000.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA",
      settings: publicSettings(),
    };
    const data = prepareAnswerPage({
      page: "answer",
      open,
      today: "2026-06-01",
      deviceId: "Device_12345678",
    });
    const container = document.createElement("div");
    container.innerHTML = renderAnswerPage(data).html;
    const buttons = [...container.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).toContain("投票");
    expect(buttons).not.toContain("提交");
  });
});
