import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { handIn, PHONE } from "../support/answer-page.ts";
import { type Created, fireAlarmQuestion, publishQuestionnaire, unique } from "../support/answering.ts";

/**
 * The candidate's side of a proctored exam (issue #40), on a phone with the synthetic camera: signing in against
 * 考生名单, consent and full screen, copying blocked, a dropped connection that loses nothing, resuming on another
 * device, and 查分 once the scores are out.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function ownerCall<T>(
  request: APIRequestContext,
  q: Created,
  method: "GET" | "POST",
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await request.fetch(`/wjgj/api/${path}`, {
    method,
    headers: { token: q.token },
    ...(method === "GET" ? { params: body as Record<string, string | number> } : { data: body }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

const CANDIDATE = { name: "王小明", number: "A20260101" };

/** Three questions: two choices and a fill-in, each with its 答案解析. */
function paper(title: string) {
  return {
    schemaVersion: 1,
    kind: "exam",
    title,
    settings: { exam: { timeLimitMinutes: 20 } },
    pages: [
      {
        id: "p1",
        questions: [
          { ...fireAlarmQuestion("q1"), explanation: "119 是火警电话。" },
          {
            id: "q2",
            type: "single",
            title: "急救电话是",
            config: {
              options: [
                { id: "a", label: "110" },
                { id: "b", label: "120", correct: true },
              ],
            },
            scoring: { mode: "single", points: 4 },
            explanation: "120 是急救电话。",
          },
          {
            id: "q3",
            type: "text",
            title: "灭火器压力表的指针应在什么颜色区",
            config: {},
            scoring: { mode: "text", points: 5, accepted: ["绿色"], match: "exact" },
            explanation: "指针在绿区表示压力正常。",
          },
        ],
      },
    ],
  };
}

/** An exam with 考生名单 and the proctoring asked for, and one listed candidate. */
async function proctoredExam(
  request: APIRequestContext,
  guard: Record<string, unknown>,
  label = "监考考试",
  tabSwitchLimit = 5,
): Promise<Created> {
  const q = await publishQuestionnaire(request, paper(unique(label)), {
    tabSwitchLimit,
    examGuard: { candidatesOnly: true, signIn: "number", attempts: 1, ...guard },
  });
  await ownerCall(request, q, "POST", "exam/saveCandidate", { id: q.id, ...CANDIDATE });
  return q;
}

async function candidatePage(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, permissions: ["camera"] });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, q: Created, who = CANDIDATE) {
  await page.goto(`/r/${q.publicId}`);
  await page.getByLabel("准考证号").fill(who.number);
  await page.getByLabel("姓名").fill(who.name);
  await page.getByRole("button", { name: "登录考试" }).click();
}

async function start(page: Page) {
  await page.getByRole("button", { name: "开始考试" }).click();
  await expect(page.getByRole("timer")).toContainText(/剩余时间 (19|20):\d\d/);
  await page.locator("html[data-engine=ready]").waitFor({ state: "attached" });
}

/** The countdown in seconds, read from 「剩余时间 mm:ss」. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer").textContent()) ?? "";
  const match = /剩余时间 (\d+):(\d\d)/.exec(text);
  expect(match, `倒计时：${text}`).not.toBeNull();
  return Number(match?.[1]) * 60 + Number(match?.[2]);
}

const choose = (page: Page, id: string, label: string) =>
  page.locator(`#q-${id}`).getByText(label, { exact: true }).first().tap();

/** The answers the page saved (exam/save), once one carrying `expected` has gone through. */
const savedWith = (page: Page, check: (answers: Record<string, unknown>) => boolean) =>
  page.waitForResponse((response) => {
    if (!response.url().includes("/wjgj/api/exam/save")) return false;
    const sent = response.request().postDataJSON() as { answers?: Record<string, unknown> };
    return check(sent.answers ?? {});
  });

async function liveAttempt(request: APIRequestContext, q: Created) {
  const live = await ownerCall<{
    attempts: { attemptId: number; latestSnapshot: number | null; responseId: number | null }[];
  }>(request, q, "GET", "exam/getLive", { id: q.id });
  expect(live.attempts).toHaveLength(1);
  return live.attempts[0] as (typeof live.attempts)[number];
}

test.describe("a candidate sits a proctored exam", () => {
  test.setTimeout(120_000);

  test("a candidate not on the list is refused with a clear Chinese message", async ({
    browser,
    request,
  }) => {
    const q = await proctoredExam(request, {});
    const { context, page } = await candidatePage(browser);
    await signIn(page, q, { name: "李雷", number: "A20269999" });
    await expect(page.getByRole("alert")).toHaveText(/您不在本场考试的考生名单中/);
    // The right number with another name is the same refusal (no hint which part was wrong).
    await page.getByLabel("准考证号").fill(CANDIDATE.number);
    await page.getByRole("button", { name: "登录考试" }).click();
    await expect(page.getByRole("alert")).toHaveText(/您不在本场考试的考生名单中/);
    await expect(page.getByRole("button", { name: "开始考试" })).toHaveCount(0);
    await context.close();
  });

  test("consent, full screen, a stored snapshot, a counted full-screen exit, copying blocked", async ({
    browser,
    request,
  }) => {
    const q = await proctoredExam(request, {
      fullscreen: true,
      blockCopy: true,
      watermark: true,
      camera: true,
    });
    const { context, page } = await candidatePage(browser);
    await signIn(page, q);
    await expect(page.getByText(`考生：${CANDIDATE.name}（${CANDIDATE.number}）`)).toBeVisible();
    await expect(page.getByText(/^考试时长 20 分钟/)).toBeVisible();
    await expect(page.getByText("须全屏作答，退出全屏计为离开答题页面一次")).toBeVisible();
    // 开始考试 waits for the camera's consent.
    await expect(page.getByRole("button", { name: "开始考试" })).toBeDisabled();
    await page.getByRole("checkbox", { name: "我同意在考试期间开启摄像头，照片仅供监考老师查看" }).check();
    await expect(page.getByLabel("摄像头画面预览")).toBeVisible();
    await start(page);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(page.getByTestId("exam-camera")).toContainText("摄像头监考中");
    await expect(page.getByTestId("exam-watermark")).toHaveAttribute(
      "data-text",
      `${CANDIDATE.name} ${CANDIDATE.number}`,
    );
    await expect(page.getByTestId("exam-watermark")).toHaveAttribute("aria-hidden", "true");

    // The snapshot at the start is stored and in the invigilator's timeline.
    await expect
      .poll(async () => (await liveAttempt(request, q)).latestSnapshot, { timeout: 20_000 })
      .not.toBeNull();
    const { attemptId } = await liveAttempt(request, q);
    const timeline = await ownerCall<{ events: { kind: string }[] }>(request, q, "GET", "exam/getTimeline", {
      id: q.id,
      attemptId,
    });
    expect(timeline.events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(["start", "cameraConsent", "snapshot"]),
    );

    // Leaving full screen is counted by the server and asked back.
    await page.evaluate(() => document.exitFullscreen());
    const modal = page.getByRole("alertdialog");
    await expect(modal).toContainText("请返回全屏继续作答（第 1 次，超过 5 次将自动交卷）");
    await modal.getByRole("button", { name: "返回全屏" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole("timer")).toContainText("切屏 1/5 次");

    // Copying a question is refused and said so; typing an answer still works.
    const prevented = await page
      .locator("#q-q1 .wa-title, #q-q1 h3, #q-q1 legend")
      .first()
      .evaluate((title) => {
        const event = new Event("copy", { bubbles: true, cancelable: true });
        title.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(prevented).toBe(true);
    await expect(page.getByText("考试中禁止复制粘贴")).toBeVisible();
    const box = page.locator("#q-q3").getByRole("textbox");
    await box.fill("绿色");
    await expect(box).toHaveValue("绿色");
    await expect
      .poll(async () => {
        const events = await ownerCall<{ events: { kind: string }[] }>(
          request,
          q,
          "GET",
          "exam/getTimeline",
          {
            id: q.id,
            attemptId,
          },
        );
        return events.events.map((event) => event.kind);
      })
      .toEqual(expect.arrayContaining(["fullscreenExit", "copy"]));
    await context.close();
  });

  test("30 s offline mid-exam loses no answer", async ({ browser, request }) => {
    const q = await proctoredExam(request, {}, "断网考试");
    const { context, page } = await candidatePage(browser);
    // The page's clock is Playwright's (it runs at the real pace), so the 30 s away pass on the page in an instant.
    await page.clock.install();
    await signIn(page, q);
    await start(page);
    await choose(page, "q1", "119");
    await savedWith(page, (answers) => "q1" in answers);

    await context.setOffline(true);
    await choose(page, "q2", "120");
    await page.locator("#q-q3").getByRole("textbox").fill("绿色");
    await expect(page.getByText("网络已断开，答案已保存在本机，网络恢复后自动同步")).toBeVisible();
    // The connection stays away for 30 s of the page's time: every timer due meanwhile runs (three heartbeats fail,
    // the pending save waits), and the page reports the gap it measured.
    await page.clock.runFor(30_000);
    const flushed = savedWith(page, (answers) => "q2" in answers && "q3" in answers);
    await context.setOffline(false);
    await flushed;
    await expect(page.getByText("网络已断开，答案已保存在本机，网络恢复后自动同步")).toBeHidden();

    await handIn(page, 0, "click");
    await expect(page.getByTestId("thank-you")).toBeVisible();
    const { attemptId, responseId } = await liveAttempt(request, q);
    expect(responseId).not.toBeNull();
    const detail = await ownerCall<{ answers: Record<string, unknown> }>(
      request,
      q,
      "GET",
      "answer/getAnswerDetail",
      { id: q.id, responseId: responseId ?? 0 },
    );
    expect(detail.answers.q1).toEqual({ optionId: "a" });
    expect(detail.answers.q2).toEqual({ optionId: "b" });
    expect(detail.answers.q3).toBe("绿色");
    const timeline = await ownerCall<{ events: { kind: string; detail: string }[] }>(
      request,
      q,
      "GET",
      "exam/getTimeline",
      { id: q.id, attemptId },
    );
    expect(timeline.events.map((event) => event.kind)).toEqual(expect.arrayContaining(["offline", "online"]));
    // The gap the page measured on its own clock is what the invigilator reads.
    expect(timeline.events.find((event) => event.kind === "online")?.detail).toBe("断开 30 秒");
    await context.close();
  });

  test("a candidate whose page closed signs in again and continues: same paper, saved answers, server time", async ({
    browser,
    request,
  }) => {
    const q = await proctoredExam(request, {}, "续考考试");
    const first = await candidatePage(browser);
    await signIn(first.page, q);
    await start(first.page);
    const titles = await first.page
      .locator(".wa-questions [id^=q-]")
      .evaluateAll((cards) => cards.map((c) => c.id));
    await choose(first.page, "q1", "119");
    await first.page.locator("#q-q3").getByRole("textbox").fill("绿色");
    await savedWith(first.page, (answers) => "q1" in answers && answers.q3 === "绿色");
    const before = await secondsLeft(first.page);
    await first.context.close();

    // The other device's clock is two hours ahead: the time left still comes from the server.
    const second = await candidatePage(browser);
    await second.page.clock.install({ time: Date.now() + 2 * 3_600_000 });
    await signIn(second.page, q);
    await start(second.page);
    const after = await secondsLeft(second.page);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 60);
    await expect(second.page.getByText("已恢复上次的作答进度")).toBeVisible();
    expect(
      await second.page.locator(".wa-questions [id^=q-]").evaluateAll((cards) => cards.map((c) => c.id)),
    ).toEqual(titles);
    await expect(second.page.locator("#q-q1 input[type=radio]").first()).toBeChecked();
    await expect(second.page.locator("#q-q3").getByRole("textbox")).toHaveValue("绿色");
    await second.context.close();
  });

  test("past the 切屏 limit the server hands the paper in: the page shows the score and 查看我的答卷", async ({
    browser,
    request,
  }) => {
    const q = await proctoredExam(request, {}, "切屏监考考试", 1);
    const { context, page } = await candidatePage(browser);
    await signIn(page, q);
    await start(page);
    await choose(page, "q1", "119");
    await savedWith(page, (answers) => "q1" in answers);

    // 交卷 asks first, counting what is unanswered; Escape goes back to the paper.
    const handInButton = page.getByRole("button", { name: "交卷" });
    await handInButton.click();
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText("还有 2 题未作答，确定交卷吗？");
    await expect(question.getByRole("button", { name: "继续答题" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await expect(handInButton).toBeFocused();

    const leave = () =>
      page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      });
    await leave();
    await expect(page.getByText("检测到您离开了答题页面（第 1 次，超过 1 次将自动交卷）")).toBeVisible();
    // A leave within 1.5 s of the last is the same leave to the page (not counted): left again until one counts.
    await expect(async () => {
      await leave();
      await expect(page.getByTestId("thank-you")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("hand-in-reason")).toHaveText(
      "离开答题页面或退出全屏的次数超过限制，答卷已按已保存的答案提交",
    );
    await expect(page.locator(".wa-score")).toContainText("4/ 13 分");
    await expect(page.getByRole("link", { name: "查看我的答卷" })).toHaveAttribute("href", /^\/receipt\//);
    await expect(page.getByTestId("exam-closed")).toHaveCount(0);
    const { responseId } = await liveAttempt(request, q);
    expect(responseId).not.toBeNull();
    await context.close();
  });

  test("查分 after the scores are released: the score, the right answers and explanations", async ({
    browser,
    request,
  }) => {
    const q = await proctoredExam(request, { review: true, reviewReleased: true }, "查分考试");
    const { context, page } = await candidatePage(browser);
    // The sign-in screen offers 查分 too.
    await page.goto(`/r/${q.publicId}`);
    await expect(page.getByRole("link", { name: "查询成绩" })).toHaveAttribute(
      "href",
      `/examScore/${q.publicId}`,
    );
    await signIn(page, q);
    await start(page);
    await choose(page, "q1", "119");
    await choose(page, "q2", "110");
    await page.locator("#q-q3").getByRole("textbox").fill("绿色");
    await handIn(page, 0, "click");
    await expect(page.getByTestId("thank-you")).toBeVisible();
    await context.close();

    // Another device: signs in on the 查分 page.
    const other = await candidatePage(browser);
    await other.page.goto(`/examScore/${q.publicId}`);
    await other.page.getByLabel("准考证号").fill(CANDIDATE.number);
    await other.page.getByLabel("姓名").fill(CANDIDATE.name);
    await other.page.getByRole("button", { name: "查询成绩" }).click();
    const sheet = other.page.getByTestId("exam-score-page");
    await expect(sheet.locator(".es-total")).toHaveText("9 / 13 分");
    const q2 = other.page.getByTestId("review-q2");
    await expect(q2).toContainText("您的答案：110");
    await expect(q2).toContainText("正确答案：120");
    await expect(q2).toContainText("得分：0 / 4");
    await expect(q2).toContainText("答案解析：120 是急救电话。");
    await expect(other.page.getByTestId("review-q3")).toContainText("参考答案：绿色");
    const scroll = await other.page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(390);
    await other.context.close();
  });
});
