import { expect, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { card, openAnswerPage, PHONE } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { reviewShot } from "../support/shots.ts";

// 预约 (issue #41): a creator publishes a form with a 预约 question; a respondent on a phone books a slot, sees the
// code, moves the booking on the receipt and cancels it; someone else's booking is checked in by its code in
// 预约管理 at 1280 px.

const DAY_MS = 86_400_000;
/** A China-time date `days` from today (the schedule's dates are China time). */
const chinaDate = (days: number) =>
  new Date(Date.now() + 8 * 3600_000 + days * DAY_MS).toISOString().slice(0, 10);

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No English words a person would read (class names and the like are not text). */
async function noEnglish(page: Page, scope: string) {
  const text = await page.locator(scope).innerText();
  expect(text.match(/\b[A-Za-z]{4,}\b/g) ?? []).toEqual([]);
}

test("a respondent books, moves and cancels a slot; the creator checks a booking in by its code", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tomorrow = chinaDate(1);
  const q = await publishQuestionnaire(request, {
    schemaVersion: 1,
    kind: "form",
    title: unique("体检预约"),
    pages: [
      {
        id: "p1",
        questions: [
          { id: "name", type: "text", title: "姓名", required: true, config: {} },
          {
            id: "visit",
            type: "booking",
            title: "预约体检时间",
            required: true,
            config: {
              schedule: {
                startDate: tomorrow,
                endDate: chinaDate(7),
                weekdays: [1, 2, 3, 4, 5, 6, 7],
                times: [
                  { start: "09:00", end: "10:00" },
                  { start: "10:00", end: "11:00" },
                  { start: "14:00", end: "15:00" },
                ],
                places: 3,
                perPerson: 1,
                cutoffMinutes: 60,
                exceptions: [],
                extraDates: [],
              },
              showRemaining: true,
            },
          },
        ],
      },
    ],
  });

  // Someone else books the first slot through the API: the creator checks this one in later.
  const opened = await (
    await request.get("/wjgj/api/anQuestion/getQuestionary", { params: { publicId: q.publicId } })
  ).json();
  const first = `${tomorrow}T09:00-10:00`;
  const other = await (
    await request.post("/wjgj/api/anQuestion/questionAnswer", {
      data: {
        publicId: q.publicId,
        revisionId: opened.data.revisionId,
        answerToken: opened.data.answerToken,
        answers: { name: "李四", visit: { slot: first } },
        durationSeconds: 30,
        source: "link",
        deviceId: `booking-other-${q.publicId}`,
        idempotencyKey: `booking-other-${q.publicId}`,
      },
    })
  ).json();
  expect(other.code, other.msg).toBe(200);
  const otherCode: string = other.data.bookings[0].code;

  // The respondent on a phone: the date strip and the day's slots with places left.
  const phone = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const respondent = await phone.newPage();
  await openAnswerPage(respondent, q.publicId);
  await card(respondent, "name").locator("input").fill("欧阳明");
  const slots = card(respondent, "visit").getByRole("radiogroup", { name: /预约体检时间/ });
  await expect(slots.getByRole("radio", { name: /09:00-10:00，剩余 2$/ })).toBeVisible();
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("booking-answer-390.png"), fullPage: true });
  await expectNoSeriousViolations(respondent, "预约题");
  await slots.getByRole("radio", { name: /09:00-10:00/ }).tap();
  await expect(slots.getByRole("radio", { name: /09:00-10:00/ })).toBeChecked();
  const stored = respondent.waitForResponse((r) => r.url().includes("/anQuestion/questionAnswer"));
  await respondent.getByRole("button", { name: "提交" }).tap();
  expect((await (await stored).json()).code).toBe(200);

  // The confirmation: the slot, the code, its QR, 添加到日历 and the receipt.
  const confirmation = respondent.getByTestId("booking-confirmation");
  await expect(confirmation).toContainText("09:00-10:00");
  await expect(respondent.getByTestId("booking-code")).toHaveText(/^[0-9A-Z-]{4,}$/);
  await expect(respondent.getByTestId("booking-qr")).toHaveAttribute("src", /^data:image\/png/);
  const ics = await request.get(
    (await confirmation.getByRole("link", { name: "添加到日历" }).getAttribute("href")) ?? "",
  );
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain("BEGIN:VEVENT");
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("booking-thanks-390.png"), fullPage: true });

  // The receipt: 改约 to 10:00, then 取消预约.
  await confirmation.getByRole("link", { name: "改约或取消预约" }).tap();
  const booking = respondent.getByTestId("receipt-booking");
  await expect(booking).toContainText("09:00-10:00");
  await expect(booking).toContainText("已预约");
  await booking.getByRole("button", { name: "改约" }).tap();
  const dialog = respondent.getByRole("dialog", { name: /改约/ });
  await dialog.getByRole("radio", { name: /10:00-11:00/ }).tap();
  await noSidewaysScroll(respondent);
  await reviewShot(respondent, { path: test.info().outputPath("booking-move-390.png") });
  const moved = respondent.waitForResponse((r) => r.url().includes("/anQuestion/moveBooking"));
  await dialog.getByRole("button", { name: "确认改约" }).tap();
  expect((await (await moved).json()).code).toBe(200);
  await expect(respondent.getByTestId("receipt-booking-label")).toContainText("10:00-11:00");
  await booking.getByRole("button", { name: "取消预约" }).tap();
  const cancelled = respondent.waitForResponse((r) => r.url().includes("/anQuestion/cancelBooking"));
  await respondent.getByRole("dialog").getByRole("button", { name: "取消预约" }).tap();
  expect((await (await cancelled).json()).code).toBe(200);
  await expect(booking).toContainText("已取消");
  await expect(booking.getByRole("button", { name: "改约" })).toHaveCount(0);
  await noSidewaysScroll(respondent);
  await noEnglish(respondent, "main");
  await reviewShot(respondent, { path: test.info().outputPath("booking-receipt-390.png"), fullPage: true });
  await expectNoSeriousViolations(respondent, "回执页的预约");
  await phone.close();

  // The creator at 1280 px: the designer shows the schedule's settings and the card its first day.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/dcDesign?id=${q.id}`);
  const bookingCard = page.getByTestId("question-card").nth(1);
  await expect(bookingCard).toContainText("14:00-15:00");
  await bookingCard.click({ position: { x: 8, y: 8 } });
  const settings = page.getByTestId("booking-settings");
  // Seven days of three slots each.
  await expect(settings.getByTestId("booking-slot-count")).toHaveText("共 21 个时段");
  await expect(settings.getByRole("checkbox", { name: "周日" })).toBeChecked();
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("booking-design-1280.png") });

  // 预约管理 lists tomorrow's slots and checks the other booking in by its code.
  await page.goto(`/dc/result?id=${q.id}`);
  await page.getByRole("tab", { name: "预约管理" }).click();
  const board = page.getByTestId("bookings-board");
  await board.getByRole("button", { name: "后一天" }).click();
  const row = board.locator("tr", { hasText: "09:00-10:00" });
  await expect(row).toContainText("1 / 3");
  await expect(row).toContainText("待签到");
  await expect(board.locator("tr", { hasText: "10:00-11:00" })).toContainText("已取消");
  await board.getByLabel("预约凭证").fill(otherCode.toLowerCase());
  const checked = page.waitForResponse((r) => r.url().includes("/questionary/checkInBooking"));
  await board.getByRole("button", { name: "签到" }).click();
  expect((await (await checked).json()).code).toBe(200);
  await expect(board.getByTestId("booking-check-in")).toContainText("09:00-10:00");
  await expect(row).toContainText("已签到");
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("booking-board-1280.png"), fullPage: true });

  // The same answer page at 1280 px, and 预约管理 on a phone: neither scrolls sideways.
  await openAnswerPage(page, q.publicId);
  await expect(card(page, "visit").getByRole("radio", { name: /09:00-10:00/ })).toBeVisible();
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("booking-answer-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookingCheckIn?id=${q.id}`);
  await expect(page.getByTestId("booking-check-in-page")).toContainText("预约签到");
  await noSidewaysScroll(page);
  await reviewShot(page, { path: test.info().outputPath("booking-check-in-390.png"), fullPage: true });
});
