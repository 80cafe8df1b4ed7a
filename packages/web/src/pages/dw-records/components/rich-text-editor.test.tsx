import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { pasteHtml } from "../../../components/rich-text/testing/paste-html.ts";
import { RichTextEditor } from "./rich-text-editor.tsx";

/** What Word puts on the clipboard for a heading, a bulleted list, a numbered list, a link and an image. */
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head>
<body lang=ZH-CN><!--StartFragment-->
<h1 style="mso-outline-level:1"><span style="font-family:黑体">年度报告</span></h1>
<p class=MsoNormal><span style="font-size:12pt;color:#333">正文第一段，<b>重点</b>见<a href="https://example.com/report">全文</a>。</span><o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style="text-indent:-18pt;mso-list:l0 level1 lfo1"><span style="font-family:Symbol;mso-list:Ignore">·<span style="font:7pt">&nbsp;&nbsp;</span></span>第一条</p>
<p class=MsoListParagraphCxSpLast style="text-indent:-18pt;mso-list:l0 level1 lfo1"><span style="font-family:Symbol;mso-list:Ignore">·<span style="font:7pt">&nbsp;&nbsp;</span></span>第二条</p>
<p class=MsoNormal>间隔</p>
<p class=MsoListParagraph style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">1.<span>&nbsp;</span></span>步骤一</p>
<p class=MsoListParagraph style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">2.<span>&nbsp;</span></span>步骤二</p>
<p class=MsoNormal><img width=200 height=100 src="https://img.example.com/chart.png" alt="图表" style="mso-wrap-style:square"></p>
<table class=MsoTableGrid><tr><td>表格文字</td></tr></table>
<!--EndFragment--></body></html>`;

/** A WeChat article: sections and spans with inline styles around real lists, plus a tracking script. */
const WECHAT = `<section style="margin:0 8px"><h2 style="font-size:18px"><span style="color:#1e6fff">活动须知</span></h2>
<section><p style="line-height:1.75"><span style="letter-spacing:1px">请提前<strong>十分钟</strong>到场。</span></p></section>
<ol style="list-style:decimal"><li><p><span>携带身份证</span></p></li><li><p>按时签到</p></li></ol>
<p><img data-src="x" src="https://mmbiz.qpic.cn/a.jpg" class="rich_pages wxw-img" style="width:100%"></p>
<mp-style-type data-value="3"></mp-style-type><script>track()</script></section>`;

function renderEditor() {
  const onChange = vi.fn();
  render(<RichTextEditor aria-label="正文" onChange={onChange} />);
  return { onChange, box: screen.getByRole("textbox", { name: "正文" }) };
}

describe("RichTextEditor (admin CMS)", () => {
  it("pastes from Word keeping headings, lists, links and images, and drops the rest", () => {
    const { onChange, box } = renderEditor();
    pasteHtml(box, WORD);
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toContain("<h2>年度报告</h2>");
    expect(html).toContain("<strong>重点</strong>");
    expect(html).toContain('href="https://example.com/report"');
    expect(html).toMatch(/<ul><li><p>第一条<\/p><\/li><li><p>第二条<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<ol><li><p>步骤一<\/p><\/li><li><p>步骤二<\/p><\/li><\/ol>/);
    expect(html).toContain('<img src="https://img.example.com/chart.png" alt="图表">');
    expect(html).toContain("表格文字");
    expect(html).not.toMatch(/style=|class=|<span|<table|<td|Symbol|·|mso|<o:p/);
  });

  it("pastes a WeChat article keeping headings, lists and images, without its styling or scripts", () => {
    const { onChange, box } = renderEditor();
    pasteHtml(box, WECHAT);
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toContain("<h2>活动须知</h2>");
    expect(html).toContain("<strong>十分钟</strong>");
    expect(html).toMatch(/<ol><li><p>携带身份证<\/p><\/li><li><p>按时签到<\/p><\/li><\/ol>/);
    expect(html).toContain('src="https://mmbiz.qpic.cn/a.jpg"');
    expect(html).not.toMatch(/style=|class=|<section|<span|script|track|mp-style/);
  });

  it("formats from the toolbar and shows stored HTML in the HTML view", async () => {
    const onChange = vi.fn();
    render(<RichTextEditor aria-label="正文" value="<p>原文</p>" onChange={onChange} />);
    const box = screen.getByRole("textbox", { name: "正文" });
    expect(box.textContent).toBe("原文");
    fireEvent.click(screen.getByRole("button", { name: /^标\s?题$/ }));
    expect(onChange).toHaveBeenLastCalledWith("<h2>原文</h2>");
    fireEvent.click(screen.getByRole("button", { name: "HTML" }));
    expect((screen.getByRole("textbox", { name: "正文 HTML" }) as HTMLTextAreaElement).value).toBe(
      "<p>原文</p>",
    );
  });

  it("keeps focus in the editor when a formatting button is pressed, so typing goes on at once", () => {
    renderEditor();
    for (const name of ["加粗", "斜体", /^标\s?题$/, "小标题", /^正\s?文$/, "• 列表", "1. 列表"]) {
      // fireEvent returns false when the handler prevented the default, i.e. the button did not take focus.
      expect(fireEvent.mouseDown(screen.getByRole("button", { name })), String(name)).toBe(false);
    }
  });
});
