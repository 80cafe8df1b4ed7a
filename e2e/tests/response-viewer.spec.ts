import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PERSONAL, openLoggedIn } from "../support/accounts.ts";
import { publishQuestionnaire, submitAnswers, unique } from "../support/answering.ts";
import { everyTypeSurvey } from "../support/every-type-survey.ts";
import { reviewShot } from "../support/shots.ts";

/** A 1×1 PNG, as the signature pad would send it. */
const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/**
 * A student: 工作单位 is hidden by show logic and 不愿意 jumps over the 附加题 page, so both are skipped; 手机 is
 * seen and left empty.
 */
const answers = {
  name: "王小明",
  gender: "男",
  role: { optionId: "student" },
  school: { optionId: "o3" },
  extra: { optionId: "no" },
  stars: 4,
  nps: 9,
  rank: ["o2", "o3", "o1"],
  msat: { o1: "o2", o2: "o3" },
  mchan: { o1: ["o1", "o2"] },
  mscale: { o1: 5 },
  mdrop: { o1: { freq: "o2" } },
  sign: SIGNATURE,
  addr: { codes: ["110000", "110100", "110101"], names: ["北京市", "北京市", "东城区"] },
};

const item = (drawer: Locator, id: string) => drawer.locator(`[data-question="${id}"]`);

/** Column ids whose mark is on, per matrix row. */
async function onColumns(node: Locator) {
  return node.evaluate((root) => {
    const rows: Record<string, string[]> = {};
    for (const row of Array.from(root.querySelectorAll<HTMLElement>("tr[data-row]")))
      rows[row.dataset.row ?? ""] = Array.from(row.querySelectorAll<HTMLElement>("td[data-column]"))
        .filter((cell) => cell.querySelector('[data-on="1"]'))
        .map((cell) => cell.dataset.column ?? "");
    return rows;
  });
}

async function openResponse(page: Page) {
  await page.getByTestId("answers-tab").getByRole("button", { name: "查看" }).first().click();
  const drawer = page.getByTestId("answer-drawer");
  await expect(drawer.getByTestId("answer-view")).toBeVisible();
  return drawer;
}

test.describe("答卷详情", () => {
  test("reads every type the way it was answered and tells 跳过 from 未作答, on a desktop and a phone", async ({
    page,
    request,
  }) => {
    const q = await publishQuestionnaire(request, everyTypeSurvey(unique("答卷查看")));
    await submitAnswers(request, q.publicId, answers, { key: "viewer-1" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLoggedIn(page, request, DEMO_PERSONAL, `/dc/result?id=${q.id}&tab=answers`);
    let drawer = await openResponse(page);

    // Single choices are circles with only the chosen one on; multiple ones are squares.
    const role = item(drawer, "role");
    await expect(role.locator(".is-chosen")).toHaveText(["学生"]);
    await expect(role.locator('[data-mark="checkbox"]')).toHaveCount(0);
    await expect(role.locator('[data-mark="radio"]')).toHaveCount(3);
    // Matrices: the chosen column of each row, not every row label ticked.
    expect(await onColumns(item(drawer, "msat"))).toEqual({ o1: ["o2"], o2: ["o3"] });
    expect(await onColumns(item(drawer, "mchan"))).toEqual({ o1: ["o1", "o2"] });
    expect(await onColumns(item(drawer, "mscale"))).toEqual({ o1: ["5"] });
    await expect(item(drawer, "mdrop").locator('td[data-column="freq"]')).toHaveText("每周");
    await expect(item(drawer, "rank").locator("li")).toHaveText(["成长", "氛围", "薪资"]);
    await expect(item(drawer, "stars").getByRole("img", { name: "4 星（满分 5 星）" })).toBeVisible();
    await expect(item(drawer, "nps").locator(".is-chosen")).toHaveText("9");
    await expect(item(drawer, "addr")).toContainText("北京市北京市东城区");
    // A signature is personal information: hidden until 查看完整信息 (logged on the server).
    await expect(item(drawer, "sign")).toContainText("已隐藏");
    await page.getByRole("button", { name: "查看完整信息" }).click();
    await expect(item(drawer, "sign").locator("img")).toBeVisible();
    // Hidden by logic or jumped over: 跳过; seen and left empty: 未作答.
    await expect(item(drawer, "company")).toContainText("（跳过）");
    await expect(item(drawer, "bonus")).toContainText("（跳过）");
    await expect(item(drawer, "phone")).toContainText("（未作答）");
    await reviewShot(page, { path: test.info().outputPath("viewer-1280.png") });

    // On a phone the drawer's matrices scroll inside it: the page never scrolls sideways.
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    drawer = await openResponse(page);
    await expect(item(drawer, "msat").locator("table")).toBeVisible();
    const overflow = await page.evaluate(
      () => (document.scrollingElement?.scrollWidth ?? 0) - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await reviewShot(page, { path: test.info().outputPath("viewer-390.png") });
  });
});
