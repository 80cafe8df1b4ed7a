import { describe, expect, it } from "vitest";
import { plainExcerpt, richTextToPlain, sanitizeRichText } from "./rich-text.ts";

describe("rich-text subset", () => {
  it("keeps allowed formatting and safe attributes", () => {
    expect(sanitizeRichText('<p>您好，<b>张三</b><br/><span style="color: #f00">必填</span></p>')).toBe(
      '<p>您好，<b>张三</b><br><span style="color: #f00">必填</span></p>',
    );
    expect(sanitizeRichText('<a href="https://wjx.cn" onclick="x()">链接</a>')).toBe(
      '<a href="https://wjx.cn">链接</a>',
    );
  });

  it("drops scripts, event handlers, dangerous URLs and unknown tags", () => {
    expect(sanitizeRichText("<script>alert(1)</script>题目")).toBe("题目");
    expect(sanitizeRichText('<img src="javascript:alert(1)" onerror="x">')).toBe("<img>");
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<span style="background:url(javascript:x)">x</span>')).toBe("<span>x</span>");
    expect(sanitizeRichText("<marquee>x</marquee>")).toBe("x");
  });

  it("escapes stray angle brackets and bare ampersands but keeps entities", () => {
    expect(sanitizeRichText("1 < 2 & 3 &gt; 2")).toBe("1 &lt; 2 &amp; 3 &gt; 2");
  });

  it("extracts plain text for statistics and piping", () => {
    expect(richTextToPlain("<p>第一行<br>第二&amp;行</p>")).toBe("第一行\n第二&行");
  });

  it("shortens rich text to one line for page heads and share cards", () => {
    expect(plainExcerpt("<p>欢迎参加<b>本次</b>调查，<br>约需3分钟。</p>", 120)).toBe(
      "欢迎参加本次调查， 约需3分钟。",
    );
    expect(plainExcerpt("一二三四五六", 4)).toBe("一二三…");
    expect(plainExcerpt("<script>x</script>", 40)).toBe("<script>x</script>");
  });
});
