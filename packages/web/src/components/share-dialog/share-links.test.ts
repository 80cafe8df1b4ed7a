import { describe, expect, it } from "vitest";
import { answerUrl, embedSnippet, previewUrl, qrFileName } from "./share-links.ts";

describe("share links", () => {
  it("builds the answer and preview links on this origin", () => {
    expect(answerUrl("https://www.wjgj.cn/", "aB3dE5fG")).toBe("https://www.wjgj.cn/r/aB3dE5fG");
    expect(previewUrl("https://www.wjgj.cn", "aB3dE5fG", "phone")).toBe(
      "https://www.wjgj.cn/y/aB3dE5fG/phone",
    );
  });

  it("escapes the title in the embed snippet so it cannot break out of the attribute", () => {
    const snippet = embedSnippet("https://x.cn/r/abc", '满意度"调查"<script>');
    expect(snippet).toContain('src="https://x.cn/r/abc"');
    expect(snippet).toContain('title="满意度&quot;调查&quot;&lt;script&gt;"');
    expect(snippet).not.toContain("<script>");
  });

  it("names the QR file after the title without unsafe characters", () => {
    expect(qrFileName("2024/员工: 满意度?调查")).toBe("2024_员工_满意度_调查-二维码.png");
    expect(qrFileName("<b></b>")).toBe("问卷-二维码.png");
  });
});
