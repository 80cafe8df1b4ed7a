import { expect, type Page, test } from "@playwright/test";
import { card } from "../support/answer-page.ts";
import { publishQuestionnaire, unique } from "../support/answering.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";

// Issue #21 on the respondent page: targets of at least 24 x 24 CSS px or spaced as if they were (WCAG
// 2.5.8), and nothing moving for a person who asked for reduced motion (WCAG 2.3.3).

/** Every question of the every-type questionnaire on one page (jumps dropped), so one visit sees them all. */
function everyTypeOnOnePage(title: string) {
  const survey = everyTypeSurvey(title);
  const questions = survey.pages.flatMap((page) =>
    page.questions.map((question) => {
      const { jumps: _jumps, ...rest } = question as typeof question & { jumps?: unknown };
      return rest;
    }),
  );
  return { ...survey, pages: [{ id: "p1", title: "全部题型", questions }] };
}

/**
 * Runs in the page: how many targets there are, and those smaller than 24 x 24 px whose 24 px circle would
 * overlap another target.
 */
function smallTargets(): { count: number; small: string[] } {
  const CONTROLS =
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="slider"], [tabindex]:not([tabindex="-1"])';
  const boxes: { name: string; rect: DOMRect }[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
    // A link inside a sentence is exempt (2.5.8's inline exception).
    if (el.tagName === "A" && el.closest("p")) continue;
    // A native input drawn as a styled box is hit through its label: the label is the target.
    const style = getComputedStyle(el);
    const hidden = style.opacity === "0" || el.getBoundingClientRect().width <= 1;
    const target = hidden ? el.closest("label") : el;
    if (!target || target.getClientRects().length === 0) continue;
    const rect = target.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const name = `${el.tagName.toLowerCase()} ${(el.getAttribute("aria-label") ?? target.textContent ?? "").trim().slice(0, 20)}`;
    if (!boxes.some((box) => box.rect.x === rect.x && box.rect.y === rect.y)) boxes.push({ name, rect });
  }
  const distance = (x: number, y: number, r: DOMRect) =>
    Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const small = boxes
    .filter(({ rect }) => rect.width < 24 || rect.height < 24)
    .filter(({ rect }) => {
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      return boxes.some((other) => other.rect !== rect && distance(x, y, other.rect) < 12);
    })
    .map(({ name, rect }) => `${name}（${Math.round(rect.width)}×${Math.round(rect.height)}）`);
  return { count: boxes.length, small };
}

/** Runs in the page: elements that would still animate or transition for longer than 10 ms. */
function movingElements(): string[] {
  const seconds = (list: string) =>
    Math.max(...list.split(",").map((value) => Number.parseFloat(value) || 0));
  const moving: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>("*"))) {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(el, pseudo);
      const transition = style.transitionProperty !== "none" && seconds(style.transitionDuration) > 0.01;
      const animation = style.animationName !== "none" && seconds(style.animationDuration) > 0.01;
      if (transition || animation) moving.push(`${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ""}`);
    }
  }
  return [...new Set(moving)].slice(0, 10);
}

async function openEveryType(page: Page, request: Parameters<typeof publishQuestionnaire>[0]) {
  const q = await publishQuestionnaire(request, everyTypeOnOnePage(unique("目标尺寸")), {
    progressBar: true,
  });
  await page.goto(`/r/${q.publicId}`);
  await expect(card(page, "name")).toBeVisible();
  await expect(card(page, "slot")).toBeVisible();
}

for (const width of [320, 1280]) {
  test(`every control of every question type is a 24 px target or spaced like one at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openEveryType(page, request);
    const { count, small } = await page.evaluate(smallTargets);
    // The page holds about ninety distinct targets (options, stars, points, matrix cells, buttons).
    expect(count).toBeGreaterThan(80);
    expect(small, "小于 24×24 px 且与相邻目标过近").toEqual([]);
  });
}

test.describe("motion", () => {
  // The journeys ask for reduced motion by default; this one starts as most people do, with motion.
  test.use({ reducedMotion: "no-preference" });

  test("with reduced motion asked for, nothing on the respondent page animates or scrolls smoothly", async ({
    page,
    request,
  }) => {
    await openEveryType(page, request);
    // Without the wish the page does move (options, the progress bar), so the probe is seen to find motion.
    expect((await page.evaluate(movingElements)).length).toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await page.evaluate(movingElements), "减少动态效果时仍在动的元素").toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  });
});
