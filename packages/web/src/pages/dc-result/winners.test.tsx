import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { WinnerView } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { overview, questionary } from "./testing/fixtures.ts";
import { button, renderResults, setupResultTests, slow, stubApi } from "./testing/harness.tsx";

/** 中奖名单 of a questionnaire that never set a reward: where rewards come from, not two empty tables. */
setupResultTests();

const winner: WinnerView = {
  drawId: 1,
  responseId: 3,
  prizeId: 1,
  prizeName: "保温杯",
  prizeType: "physical",
  couponCode: null,
  name: "张三",
  phone: "138****5678",
  address: "上海市",
  sent: false,
  sentAt: null,
  createdAt: "2025-01-03 09:00:00",
};

describe("中奖名单", { timeout: 60_000 }, () => {
  it("without any draw or claim says where rewards are set and leads there", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => ({ ...questionary, kind: "exam" }),
      "statistics/getOverview": () => overview(),
      "prize/getWinnerList": () => [],
      "redPacket/getClaimList": () => [],
    });
    const router = renderResults("?id=7&tab=winners", ["/dc/rewards"]);
    await screen.findByText(/还没有中奖或红包领取记录/, {}, slow);
    // An exam's rewards are set for the exam.
    expect(screen.getByText(/为这份考试设置抽奖或红包后/)).toBeTruthy();
    expect(screen.queryByText("红包领取记录")).toBeNull();
    fireEvent.click(button(screen.getByText("去设置奖励")));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/dc/rewards?id=7"),
    );
  });

  it("with a winner shows the lists", async () => {
    stubApi({
      "questionary/getQuestionaryDetail": () => questionary,
      "statistics/getOverview": () => overview(),
      "prize/getWinnerList": () => [winner],
      "redPacket/getClaimList": () => [],
    });
    renderResults("?id=7&tab=winners");
    await screen.findByText("保温杯", {}, slow);
    expect(screen.getByText("红包领取记录")).toBeTruthy();
    expect(screen.queryByText("去设置奖励")).toBeNull();
  });
});
