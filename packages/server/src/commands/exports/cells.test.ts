import { describe, expect, it } from "vitest";
import { contentDisposition } from "../../routes/export/index.ts";
import { csvField, neutralise, safeName } from "./cells.ts";

describe("cells of exported files", () => {
  it("neutralise text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+2", "+8613800000000", "-5", "@SUM(A1)", "\tx", "\rx"]) {
      expect(neutralise(text)).toBe(`'${text}`);
    }
    for (const text of ["满意", "1+2", " =1", "a=b", ""]) expect(neutralise(text)).toBe(text);
  });

  it("quote CSV fields per RFC 4180, after neutralising", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(-3.5)).toBe("-3.5");
    expect(csvField("平常")).toBe("平常");
    expect(csvField('说"好",再见')).toBe('"说""好"",再见"');
    expect(csvField("两行\r\n文字")).toBe('"两行\r\n文字"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it("make names that stay inside their folder", () => {
    expect(safeName("../../etc/passwd", "文件")).toBe("_.._etc_passwd");
    expect(safeName("..", "文件")).toBe("文件");
    expect(safeName("a\u0000b\u001fc\u007f.png", "文件")).toBe("a_b_c_.png");
    expect(safeName('C:\\x<y>z|"?*.txt', "文件")).toBe("C__x_y_z____.txt");
    expect(safeName("   ", "文件")).toBe("文件");
    const long = safeName(`${"长".repeat(200)}.docx`, "文件", 50);
    expect([...long]).toHaveLength(50);
    expect(long.endsWith(".docx")).toBe(true);
  });

  it("name downloads for every browser: an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("问卷_答卷数据.xlsx", "wjgj-export-1.xlsx")).toBe(
      "attachment; filename=\"wjgj-export-1.xlsx\"; filename*=UTF-8''%E9%97%AE%E5%8D%B7_%E7%AD%94%E5%8D%B7%E6%95%B0%E6%8D%AE.xlsx",
    );
    expect(contentDisposition("report (1).csv", "x.csv")).toBe(
      "attachment; filename=\"report (1).csv\"; filename*=UTF-8''report%20%281%29.csv",
    );
    expect(contentDisposition('a"b.csv', "x.csv")).toContain('filename="x.csv"');
  });
});
