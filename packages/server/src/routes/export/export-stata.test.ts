import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  shoppingSurvey as definition,
  download,
  parseCsv,
  publishNew,
  runExport,
  submitAnswers,
  zipEntries,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { chinaDateTime } from "../../clock.ts";

let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

/** The do-file's commands, one a line, with `///` continuations joined. */
function commands(doFile: string): string[] {
  return doFile
    .replace(/ \/\/\/\n\s*/g, " ")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("*"));
}

/** `label define` pairs: code (or .a/.b) → label text. */
function definedLabels(line: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const match of line.matchAll(/(-?\d+|\.[a-z]) `"(.*?)"'/g))
    pairs.set(match[1] as string, match[2] as string);
  return pairs;
}

describe("export/createExport kind stata", () => {
  it("packs data.csv, read_data.do and README.txt: every variable labelled, every code defined", async () => {
    // Stata itself is not available to run the do-file: its text is checked command by command.
    const q = await publishNew(t, owner, definition);
    const first = await submitAnswers(
      t,
      q.publicId,
      {
        bought: { optionId: "yes" },
        where: { optionIds: ["store"] },
        age: 30,
        advice: "很好用，推荐给朋友",
      },
      { source: "wechat", durationSeconds: 42 },
    );
    // 在哪里买的 is hidden by logic (未显示); 年龄 and 建议 are left empty (未作答).
    const second = await submitAnswers(t, q.publicId, { bought: { optionId: "no" } }, { durationSeconds: 7 });
    const job = await runExport(t, owner, q.id, "stata");
    expect(job).toMatchObject({ status: "done", rows: 2, fileName: "购物体验调查_Stata数据.zip" });

    const res = await download(t, owner.token, q.id, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const entries = new Map(zipEntries(res.rawPayload).map((e) => [e.name, e.data.toString("utf8")]));
    expect([...entries.keys()]).toEqual(["data.csv", "read_data.do", "README.txt"]);

    const times = await t.db
      .selectFrom("responses")
      .select("submittedAt")
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    const [at1, at2] = times.map((r) => chinaDateTime(r.submittedAt));
    const csv = parseCsv(entries.get("data.csv") ?? "");
    expect(csv).toEqual([
      ["seq", "response_id", "submitted", "duration", "source", "Q1", "Q2_A", "Q2_B", "Q3", "Q4"],
      ["1", String(first), at1, "42", "微信", "1", "0", "1", "30", "很好用，推荐给朋友"],
      ["2", String(second), at2, "7", "链接", "2", "-2", "-2", "-999999999", ""],
    ]);
    const header = csv[0] as string[];

    const doFile = entries.get("read_data.do") ?? "";
    const lines = commands(doFile);
    expect(lines[0]).toBe("version 14");
    // Text and the submit time are read as strings, everything else as numbers, whatever the data look like.
    expect(lines[1]).toBe(
      'import delimited using "data.csv", clear encoding("utf-8") delimiters(",") varnames(1) ' +
        "case(preserve) bindquote(strict) asdouble stringcols(3 5 10) numericcols(1/2 4 6/9)",
    );
    expect(lines).toContain('generate double submitted_tc = clock(submitted, "YMDhms")');

    // Every variable labelled once, with its Chinese label.
    const variableLabels = new Map(
      lines.flatMap((line) => {
        const match = /^label variable (\w+) `"(.*)"'$/.exec(line);
        return match ? [[match[1] as string, match[2] as string]] : [];
      }),
    );
    expect([...variableLabels.keys()]).toEqual(header);
    expect(variableLabels.get("Q1")).toBe("最近买过我们的产品吗");
    expect(variableLabels.get("Q2_B")).toBe("在哪里买的: 门店");
    expect(variableLabels.get("duration")).toBe("所用时间（秒）");

    // Every value label attached is defined, and every coded variable has one.
    const defines = new Map(
      lines.flatMap((line) => {
        const match = /^label define (\w+) (.*), replace$/.exec(line);
        return match ? [[match[1] as string, definedLabels(match[2] as string)]] : [];
      }),
    );
    const attached = lines.flatMap((line) => {
      const match = /^label values (\w+) (\w+)$/.exec(line);
      return match ? [[match[1] as string, match[2] as string] as const] : [];
    });
    expect(attached.map(([variable]) => variable)).toEqual(["Q1", "Q2_A", "Q2_B", "Q3"]);
    for (const [, name] of attached) expect(defines.has(name)).toBe(true);
    expect(Object.fromEntries(defines.get("Q1") ?? [])).toEqual({
      "1": "买过",
      "2": "没买过",
      ".a": "未作答",
      ".b": "未显示",
    });
    expect(Object.fromEntries(defines.get("Q2_A") ?? [])).toEqual({
      "0": "未选中",
      "1": "选中",
      ".a": "未作答",
      ".b": "未显示",
    });
    expect(Object.fromEntries(defines.get("Q3") ?? [])).toEqual({ ".a": "未作答", ".b": "未显示" });

    // Missing codes become .a (未作答) and .b (未显示).
    const mvdecode = lines.filter((line) => line.startsWith("mvdecode "));
    expect(mvdecode).toEqual([
      "mvdecode Q1 Q2_A Q2_B, mv(-1=.a \\ -2=.b)",
      "mvdecode Q3, mv(-999999999=.a \\ -999999998=.b)",
    ]);

    // Every value in the data of a coded variable is a defined code or a decoded missing code.
    const decoded = new Map(
      mvdecode.flatMap((line) => {
        const [, names = "", mv = ""] = /^mvdecode (.*), mv\((.*)\)$/.exec(line) ?? [];
        const codes = mv.split(" \\ ").map((pair) => pair.split("=")[0]);
        return names.split(" ").map((name) => [name, codes] as const);
      }),
    );
    for (const [variable, name] of attached) {
      const codes = [...(defines.get(name)?.keys() ?? [])];
      if (!codes.some((code) => /^-?\d+$/.test(code))) continue; // a number with missing codes only
      const column = header.indexOf(variable);
      for (const row of csv.slice(1)) {
        const value = row[column] as string;
        expect(defines.get(name)?.has(value) || decoded.get(variable)?.includes(value)).toBe(true);
      }
    }

    const readme = entries.get("README.txt") ?? "";
    expect(readme.startsWith("\uFEFF问卷管家 · Stata 数据：购物体验调查\r\n")).toBe(true);
    expect(readme).toContain("do read_data.do");
  });
});
