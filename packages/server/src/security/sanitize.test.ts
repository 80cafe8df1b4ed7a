import { describe, expect, it } from "vitest";
import { hasVisibleContent, htmlToText, SAFE_URL, sanitizeRichText } from "./sanitize.ts";

const clean = sanitizeRichText;

describe("sanitizeRichText", () => {
  it("keeps the allowed formatting", () => {
    const html =
      "<h2>标题</h2><h3>小节</h3><h4>要点</h4><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>" +
      "<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><pre><code>x = 1</code></pre><hr /><p>a<br />b</p>" +
      '<table><thead><tr><th>列</th></tr></thead><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    expect(clean(html)).toBe(html);
  });

  it("drops script and style elements together with their content", () => {
    expect(clean("<p>你好<script>alert(1)</script></p><style>p{color:red}</style>")).toBe("<p>你好</p>");
    expect(clean("<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>正文</p>")).toBe("<p>正文</p>");
    expect(clean("<noscript><p>x</p></noscript><template><p>y</p></template>")).toBe("");
  });

  it("removes event handlers and style or class attributes", () => {
    expect(
      clean('<p onclick="alert(1)" onmouseover="x()" style="position:fixed" class="c" id="i">段落</p>'),
    ).toBe("<p>段落</p>");
    expect(clean('<img src="/a.png" onerror="alert(1)" alt="图">')).toBe('<img src="/a.png" alt="图" />');
  });

  it("unlinks javascript:, data: and other non-web links, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "//evil.example/",
      "/relative/path",
    ]) {
      expect(clean(`<a href="${href}">点我</a>`), href).toBe("点我");
    }
  });

  it("forces safe rel and target on web and mail links", () => {
    expect(clean('<a href="https://example.com/a?b=1&c=2" rel="opener" target="_self">站点</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">站点</a>',
    );
    expect(clean('<a href="mailto:service@example.com">邮件</a>')).toContain(
      'href="mailto:service@example.com"',
    );
  });

  it("keeps images from http(s) or this site only, with alt and numeric sizes", () => {
    expect(clean('<img src="data:image/png;base64,AAAA" alt="x">')).toBe("");
    expect(clean('<img src="javascript:alert(1)">')).toBe("");
    expect(clean('<img src="//evil.example/x.png">')).toBe("");
    expect(clean('<img src="https://cdn.example.com/a.png" width="320" height="50%" alt="封面">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="封面" width="320" />',
    );
  });

  it("removes svg, iframes, objects and forms", () => {
    const html =
      '<svg onload="alert(1)"><script>alert(1)</script><text>svg</text></svg>' +
      '<iframe src="https://evil.example">框架</iframe><object data="x.swf"></object><embed src="x">' +
      '<form action="https://evil.example"><input name="p"><button>提交</button></form><math><mi>x</mi></math>';
    expect(clean(html)).toBe("提交");
  });

  it("maps editor synonyms onto the allowed tags and strips control characters", () => {
    expect(clean("<h1>大</h1><b>粗</b><i>斜</i><strike>删</strike><h6>小</h6>")).toBe(
      "<h2>大</h2><strong>粗</strong><em>斜</em><s>删</s><h4>小</h4>",
    );
    expect(clean("<p>a\u0000b\u0007c</p>")).toBe("<p>abc</p>");
  });

  it("does not let a refused link garble later closing tags", () => {
    expect(clean('<p><a href="/x">一</a><a href="https://a.example">二</a></p>')).toBe(
      '<p>一<a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">二</a></p>',
    );
  });
});

describe("htmlToText and hasVisibleContent", () => {
  it("reads the text with entities decoded and blocks separated", () => {
    expect(htmlToText("<p>1 &lt; 2 &amp; 3</p><p>下一段</p>")).toBe("1 < 2 & 3 下一段");
  });

  it("knows an image alone is content and empty markup is not", () => {
    expect(hasVisibleContent(clean("<p> </p><script>x</script>"))).toBe(false);
    expect(hasVisibleContent(clean('<p><img src="/a.png" alt=""></p>'))).toBe(true);
  });
});

describe("SAFE_URL", () => {
  it("accepts http(s) addresses and site paths only", () => {
    for (const ok of ["https://example.com/a.png", "http://x.cn", "/uploads/a.png", "/website/home"]) {
      expect(SAFE_URL.test(ok), ok).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "//evil.example",
      "/\\evil",
      "a.png",
      "ftp://x",
    ]) {
      expect(SAFE_URL.test(bad), bad).toBe(false);
    }
  });
});
