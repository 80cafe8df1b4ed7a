import { expect, type Page, test } from "@playwright/test";
import { ADMIN, openLoggedIn } from "../support/accounts.ts";
import { adminCall } from "../support/admin.ts";
import { unique } from "../support/answering.ts";

test.use({ viewport: { width: 1440, height: 900 } });

/** A slice of what Word puts on the clipboard: a heading, a Word-style bulleted list, a link and an image. */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->
<h1 style="mso-outline-level:1"><span style="font-family:黑体">报名须知</span></h1>
<p class=MsoNormal><span style="color:#333">详见<a href="https://example.com/rules">活动规则</a>。</span><o:p></o:p></p>
<p class=MsoListParagraph style="mso-list:l0 level1 lfo1"><span style="font-family:Symbol;mso-list:Ignore">·<span>&nbsp;</span></span>携带学生证</p>
<p class=MsoListParagraph style="mso-list:l0 level1 lfo1"><span style="font-family:Symbol;mso-list:Ignore">·<span>&nbsp;</span></span>提前十分钟到场</p>
<p class=MsoNormal><img src="https://img.example.com/poster.png" alt="海报" style="mso-wrap-style:square"></p>
<!--EndFragment--></body></html>`;

/** Pastes `html` into the focused editor through a real paste event, as the browser does on Ctrl+V. */
async function paste(page: Page, html: string) {
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.setData("text/html", content);
    data.setData("text/plain", "");
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true }),
    );
  }, html);
}

test("a news item pasted from Word keeps its heading, list, link and image on the site", async ({
  page,
  request,
}) => {
  const title = unique("粘贴资讯");
  try {
    await openLoggedIn(page, request, ADMIN, "/dw/content/news");
    await page.getByRole("button", { name: "新建资讯" }).click();
    const form = page.getByTestId("record-form");
    await form.getByLabel("标题").fill(title);
    await form.getByLabel("摘要").fill("从 Word 粘贴的正文。");
    const editor = form.getByRole("textbox", { name: "正文", exact: true });
    await editor.click();
    await paste(page, WORD);
    await expect(editor.locator("h2")).toHaveText("报名须知");
    await expect(editor.locator("ul > li")).toHaveText(["携带学生证", "提前十分钟到场"]);
    await form.getByText("发布", { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("已新建资讯")).toBeVisible();

    await page.goto("/website/resource/news");
    await page.getByRole("link", { name: title }).click();
    const content = page.getByTestId("news-content");
    await expect(content.locator("h2")).toHaveText("报名须知");
    await expect(content.locator("ul > li")).toHaveText(["携带学生证", "提前十分钟到场"]);
    await expect(content.getByRole("link", { name: "活动规则" })).toHaveAttribute(
      "href",
      "https://example.com/rules",
    );
    await expect(content.locator('img[src="https://img.example.com/poster.png"]')).toHaveCount(1);
    // Word's styling and markers did not come along.
    expect(await content.innerHTML()).not.toMatch(/style=|class="Mso|mso-|·/);
  } finally {
    const { list } = await adminCall<{ list: { id: number }[] }>(request, "GET", "admin/news/list", {
      keyword: title,
    });
    for (const item of list) await adminCall(request, "POST", "admin/news/delete", { id: item.id });
  }
});
