import { describe, expect, it } from "vitest";
import { cleanHtml } from "./clean-html.ts";

describe("cleanHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><a href="https://example.com/a">链接</a></p><ul><li>一</li></ul><img src="https://img.example.com/x.png" alt="图">';
    expect(cleanHtml(html)).toBe(
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">链接</a></p><ul><li>一</li></ul><img src="https://img.example.com/x.png" alt="图">',
    );
  });

  it("drops scripts, handlers, javascript: addresses and svg", () => {
    const html =
      '<p onclick="alert(1)">文<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">点我</a>"><svg onload=alert(4)><circle/></svg><b style="color:red">粗</b>';
    const clean = cleanHtml(html);
    expect(clean).toBe('<p>文</p>点我"&gt;<strong>粗</strong>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|svg|style/i);
  });

  it("maps synonyms and unwraps unknown tags", () => {
    expect(cleanHtml("<div><b>一</b><i>二</i><h1>三</h1><span>四</span></div>")).toBe(
      "<strong>一</strong><em>二</em><h2>三</h2>四",
    );
  });
});
