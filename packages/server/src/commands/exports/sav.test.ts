import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { definitionSchema } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSavWithPspp } from "../../../test/pspp.ts";
import { exportLayout, type ResponseSlice } from "./rows.ts";
import { savSink, savSpool, utf8Cut } from "./sav.ts";
import { measureStrings, savLayout } from "./sav-variables.ts";

const definition = definitionSchema.parse({
  schemaVersion: 1,
  kind: "survey",
  title: "满意度调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "您的性别",
          config: {
            options: [
              { id: "m", label: "男" },
              { id: "f", label: "女" },
            ],
          },
        },
        {
          id: "q2",
          type: "multiple",
          title: "<p>您的爱好</p>",
          config: {
            options: [
              { id: "read", label: "读书" },
              { id: "sport", label: "运动" },
              { id: "music", label: "音乐" },
            ],
          },
        },
        {
          id: "q3",
          type: "matrixSingle",
          title: "满意度",
          config: {
            rows: [
              { id: "svc", label: "服务" },
              { id: "price", label: "价格" },
            ],
            columns: [
              { id: "good", label: "满意" },
              { id: "ok", label: "一般" },
              { id: "bad", label: "不满意" },
            ],
          },
        },
        { id: "q4", type: "number", title: "年龄", config: {} },
        { id: "q5", type: "text", title: "其他意见", config: {} },
        {
          id: "q6",
          type: "matrixScale",
          title: "推荐程度",
          config: { rows: [{ id: "r1", label: "朋友" }], scale: { points: 5 } },
        },
        {
          id: "q7",
          type: "multiBlank",
          title: "联系方式",
          config: {
            blanks: [
              { id: "b1", label: "姓名" },
              { id: "b2", label: "城市", required: false },
            ],
          },
        },
        {
          id: "q8",
          type: "likert",
          title: "总体满意度",
          config: { points: 5, minLabel: "非常不满意", maxLabel: "非常满意" },
        },
        { id: "q9", type: "nps", title: "推荐意愿", config: {} },
      ],
    },
  ],
});

function response(id: number, answers: Record<string, unknown>, skipped: string[] = []): ResponseSlice {
  return {
    id,
    revisionId: 1,
    answers: JSON.stringify(answers),
    labels: "",
    score: null,
    status: "valid",
    ip: "127.0.0.1",
    source: "wechat",
    durationSeconds: 95,
    submittedAt: "2026-03-05T02:30:15.000Z",
    deviceId: "d",
    skipped: new Set(skipped),
  };
}

const responses = [
  response(7, {
    q1: { optionId: "f" },
    q2: { optionIds: ["read", "music"] },
    q3: { svc: "good", price: "ok" },
    q4: 28,
    q5: "价格太贵了，希望打折！",
    q6: { r1: 4 },
    q7: { b1: "张三", b2: "北京" },
    q8: 2,
    q9: 10,
  }),
  // 未作答: q1, q3's 价格 row, q6 and q9; 未显示 (logic hid them): q2, q4 and q5.
  response(9, { q3: { svc: "bad" }, q8: 5 }, ["q2", "q4", "q5"]),
];

describe("SPSS .sav export", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-sav-"));
  let read = new Map<string, string[]>();
  let cases32 = 0;

  beforeAll(async () => {
    const sav = savLayout(exportLayout(definition, null));
    const cases = responses.map((r, i) => sav.values(r, i + 1, undefined));
    for (const values of cases) measureStrings(sav, values);
    const sink = await savSink(path.join(dir, "x.sav"), sav.variables);
    for (const values of cases) sink.add(values);
    await sink.drain();
    await sink.close();
    cases32 = fs.readFileSync(path.join(dir, "x.sav")).readInt32LE(80);
    read = readSavWithPspp(path.join(dir, "x.sav"));
  }, 120_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("names the variables with Chinese labels, measurement levels, formats and missing values", () => {
    expect(read.get("Variables")).toEqual([
      "Name,Position,Label,Measurement Level,Role,Width,Alignment,Print Format,Write Format,Missing Values",
      "seq,1,序号,Scale,Input,10,Right,F8.0,F8.0,",
      "response_id,2,答卷编号,Nominal,Input,10,Right,F12.0,F12.0,",
      "submitted,3,提交时间,Scale,Input,10,Right,DATETIME20.0,DATETIME20.0,",
      "duration,4,所用时间（秒）,Scale,Input,10,Right,F8.0,F8.0,",
      "source,5,来源,Nominal,Input,8,Left,A6,A6,",
      "Q1,6,您的性别,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q2_A,7,您的爱好: 读书,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q2_B,8,您的爱好: 运动,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q2_C,9,您的爱好: 音乐,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q3_1,10,满意度: 服务,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q3_2,11,满意度: 价格,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q4,12,年龄,Scale,Input,10,Right,F10.0,F10.0,-999999999; -999999998",
      "Q5,13,其他意见,Nominal,Input,33,Left,A33,A33,",
      "Q6_1,14,推荐程度: 朋友,Ordinal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q7_1,15,联系方式: 姓名,Nominal,Input,8,Left,A6,A6,",
      "Q7_2,16,联系方式: 城市,Nominal,Input,8,Left,A6,A6,",
      "Q8,17,总体满意度,Scale,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q9,18,推荐意愿,Scale,Input,10,Right,F8.0,F8.0,-1; -2",
    ]);
  });

  it("labels the codes of choices, matrix rows and both kinds of missing answer", () => {
    const labels = read.get("Value Labels") ?? [];
    const missing = ["-2[a],未显示", "-1[a],未作答"];
    expect(labels.slice(0, 6)).toEqual([
      "Variable Value,,Label",
      "您的性别,-2[a],未显示",
      ",-1[a],未作答",
      ",1,男",
      ",2,女",
      "您的爱好: 读书,-2[a],未显示",
    ]);
    const joined = labels.join("\n");
    expect(joined).toContain(
      ["您的爱好: 音乐,-2[a],未显示", ",-1[a],未作答", ",0,未选中", ",1,选中"].join("\n"),
    );
    expect(joined).toContain(
      ["满意度: 价格,-2[a],未显示", ",-1[a],未作答", ",1,满意", ",2,一般", ",3,不满意"].join("\n"),
    );
    expect(joined).toContain(["年龄,-999999999[a],未作答", ",-999999998[a],未显示"].join("\n"));
    expect(joined).toContain(`推荐程度: 朋友,${missing.join("\n,")}`);
  });

  it("labels the captioned points of scales, the numbers kept: 量表's ends, NPS's 0 and 10, 矩阵量表's", () => {
    const joined = (read.get("Value Labels") ?? []).join("\n");
    const missing = ["-2[a],未显示", "-1[a],未作答"];
    expect(joined).toContain(
      [`总体满意度,${missing[0]}`, `,${missing[1]}`, ",1,非常不满意", ",5,非常满意"].join("\n"),
    );
    expect(joined).toContain(
      [`推荐意愿,${missing[0]}`, `,${missing[1]}`, ",0,不可能", ",10,极有可能"].join("\n"),
    );
    // 矩阵量表's scale left at its defaults: 非常不同意 … 非常同意.
    expect(joined).toContain(
      [`推荐程度: 朋友,${missing[0]}`, `,${missing[1]}`, ",1,非常不同意", ",5,非常同意"].join("\n"),
    );
  });

  it("patches the case count into the header once the rows are written", () => {
    expect(cases32).toBe(2);
  });

  it("reads back every value: codes, 0/1 choices, numbers, Chinese text, datetimes and missing codes", () => {
    expect(read.get("Data List")).toEqual([
      "seq,response_id,submitted,duration,source,Q1,Q2_A,Q2_B,Q2_C,Q3_1,Q3_2,Q4,Q5,Q6_1,Q7_1,Q7_2,Q8,Q9",
      "1,7,05-MAR-2026 10:30:15,95,微信,2,1,0,1,1,2,28,价格太贵了，希望打折！,4,张三,北京,2,10",
      "2,9,05-MAR-2026 10:30:15,95,微信,-1,-2,-2,-2,3,-1,-999999998,,-1,,,5,-1",
    ]);
  });
});

describe("utf8Cut", () => {
  it("never splits a character", () => {
    expect(utf8Cut("价格太贵", 7).toString("utf8")).toBe("价格");
    expect(utf8Cut("ab", 7).toString("utf8")).toBe("ab");
  });
});

describe("the spool of a .sav with strings", () => {
  it("writes the same file as cases added directly, across many read chunks", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-sav-spool-"));
    try {
      const variables = () => [
        { name: "a", label: "数", width: 0, measure: "scale" as const },
        { name: "t", label: "文本", width: 1, measure: "nominal" as const },
        { name: "b", label: "数2", width: 0, measure: "scale" as const },
        { name: "c", label: "数3", width: 0, measure: "scale" as const },
        { name: "u", label: "长文本", width: 1, measure: "nominal" as const },
      ];
      // 30,000 cases, ~4 MB spooled: cases cross the spool's read chunks (1 MB) at every kind of byte.
      const cases = Array.from({ length: 30_000 }, (_, i) => [
        i % 7 === 0 ? null : i * 1.5,
        i % 5 === 0 ? null : "意见".repeat(i % 40),
        -i,
        i % 11 === 0 ? Number.NaN : i,
        i % 3 === 0 ? "" : `${"长".repeat(i % 120)}${i}`,
      ]);
      const spooled = variables();
      const layout = { variables: spooled, strings: [1, 4] } as unknown as Parameters<
        typeof measureStrings
      >[0];
      const spool = await savSpool(path.join(dir, "x.cases"), spooled);
      for (const values of cases) {
        measureStrings(layout, values);
        spool.add(values);
        await spool.drain();
      }
      const now = new Date("2026-06-01T00:00:00Z");
      const sink = await savSink(path.join(dir, "spooled.sav"), spooled, now);
      await spool.replay(sink);
      await sink.close();
      await spool.remove();
      expect(fs.existsSync(path.join(dir, "x.cases"))).toBe(false);

      const direct = variables().map((v, i) => ({ ...v, width: spooled[i]?.width ?? 0 }));
      expect(direct.map((v) => v.width)).toEqual([0, 234, 0, 0, 255]);
      const straight = await savSink(path.join(dir, "direct.sav"), direct, now);
      for (const values of cases) {
        straight.add(values);
        await straight.drain();
      }
      await straight.close();
      const a = fs.readFileSync(path.join(dir, "spooled.sav"));
      const b = fs.readFileSync(path.join(dir, "direct.sav"));
      expect(a.length).toBe(b.length);
      expect(a.equals(b)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
