import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  shoppingSurvey as definition,
  download,
  publishNew,
  runExport,
  submitAnswers,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { readSavWithPspp } from "../../../test/pspp.ts";
import { chinaDateTime } from "../../clock.ts";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** China time as PSPP prints a DATETIME20 value: "05-MAR-2026 10:30:15". */
function psppDateTime(isoText: string): string {
  const [date, time] = chinaDateTime(isoText).split(" ") as [string, string];
  const [y, m, d] = date.split("-");
  return `${d}-${MONTHS[Number(m) - 1]}-${y} ${time}`;
}

let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});

afterAll(async () => {
  await t.close();
});

describe("export/createExport kind sav", () => {
  it("writes an SPSS file PSPP reads back: labels, codes, missing kinds and every value", async () => {
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
    const job = await runExport(t, owner, q.id, "sav");
    expect(job).toMatchObject({ status: "done", rows: 2, fileName: "购物体验调查_SPSS数据.sav" });

    const res = await download(t, owner.token, q.id, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/x-spss-sav");
    const file = path.join(t.config.dataDir, "download.sav");
    fs.writeFileSync(file, res.rawPayload);
    const read = readSavWithPspp(file);

    expect(read.get("Variables")?.slice(6)).toEqual([
      "Q1,6,最近买过我们的产品吗,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q2_A,7,在哪里买的: 网店,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q2_B,8,在哪里买的: 门店,Nominal,Input,10,Right,F8.0,F8.0,-1; -2",
      "Q3,9,您的年龄,Scale,Input,10,Right,F10.0,F10.0,-999999999; -999999998",
      "Q4,10,您的建议,Nominal,Input,27,Left,A27,A27,",
    ]);
    expect(read.get("Value Labels")?.slice(1, 5)).toEqual([
      "最近买过我们的产品吗,-2[a],未显示",
      ",-1[a],未作答",
      ",1,买过",
      ",2,没买过",
    ]);
    const times = await t.db
      .selectFrom("responses")
      .select(["id", "submittedAt"])
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    const [at1, at2] = times.map((r) => psppDateTime(r.submittedAt));
    expect(read.get("Data List")).toEqual([
      "seq,response_id,submitted,duration,source,Q1,Q2_A,Q2_B,Q3,Q4",
      `1,${first},${at1},42,微信,1,0,1,30,很好用，推荐给朋友`,
      `2,${second},${at2},7,链接,2,-2,-2,-999999999,`,
    ]);
  });
});
