import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  download,
  openAnswering,
  PNG,
  parseCsv,
  publishNew,
  readSheet,
  runExport,
  saveAndPublish,
  submitAnswers,
  uploadFile,
  zipEntries,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildMember, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";

/** Revision 1 of a survey touching every column family the exporter builds. */
function definition(version: 1 | 2) {
  const renamed = version === 2;
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "客户满意度调查",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "gender",
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
            id: "channels",
            type: "multiple",
            title: "您通过哪些<b>渠道</b>了解我们",
            config: {
              options: [
                // Piped: each respondent saw their own answer in it, which only the stored labels know.
                { id: "web", label: renamed ? "官方网站（{{gender}}）" : "官网（{{gender}}）" },
                { id: "friend", label: "朋友推荐" },
                { id: "other", label: "其他", other: {} },
              ],
            },
          },
          { id: "intro", type: "paragraph", title: "以下是评价部分", config: {} },
          {
            id: "rate",
            type: "matrixSingle",
            title: "请评价以下方面",
            config: {
              rows: [
                { id: "r1", label: "服务态度" },
                { id: "r2", label: "响应速度" },
              ],
              columns: [
                { id: "c1", label: renamed ? "很满意" : "满意" },
                { id: "c2", label: "不满意" },
              ],
            },
          },
          {
            id: "contact",
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
            id: "rank",
            type: "ranking",
            title: "请按重要程度排序",
            config: {
              options: [
                { id: "x", label: "价格" },
                { id: "y", label: "质量" },
                { id: "z", label: "服务" },
              ],
            },
          },
          ...(renamed ? [] : [{ id: "age", type: "number", title: "您的年龄", config: {} }]),
          { id: "advice", type: "textarea", title: "您的建议", config: {} },
          { id: "sign", type: "signature", title: "签名确认", config: {} },
          {
            id: "photo",
            type: "file",
            title: "上传凭证",
            config: { accept: ["png"], maxSizeMb: 1, maxCount: 2 },
          },
          ...(renamed ? [{ id: "extra", type: "text", title: "其他意见", config: {} }] : []),
        ],
      },
    ],
  };
}

const SIGNATURE = `data:image/png;base64,${PNG.toString("base64")}`;

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // Zip exports of attachments are a paid entitlement.
  owner = await buildMember(t, 1, { exportAttachments: true });
  const q = await publishNew(t, owner, definition(1));
  questionnaireId = q.id;

  const first = await openAnswering(t, q.publicId);
  const photo = { name: "证件照.png", data: PNG };
  const files = [
    await uploadFile(t, q.publicId, first.answerToken, "photo", photo),
    await uploadFile(t, q.publicId, first.answerToken, "photo", photo),
  ];
  ids.push(
    await submitAnswers(
      t,
      q.publicId,
      {
        gender: { optionId: "m" },
        channels: { optionIds: ["web", "other"], otherTexts: { other: "展会" } },
        rate: { r1: "c1", r2: "c2" },
        contact: { b1: "@admin", b2: "北京" },
        rank: ["y", "x", "z"],
        age: 30,
        advice: "=1+2",
        sign: SIGNATURE,
        photo: files,
      },
      { session: first, durationSeconds: 95 },
    ),
  );

  // Revision 2 renames an option and a matrix column, drops 年龄 and adds 其他意见.
  await saveAndPublish(t, owner, q.id, definition(2));
  t.clock.advance(2 * 86_400);
  const second = await openAnswering(t, q.publicId);
  const evil = await uploadFile(t, q.publicId, second.answerToken, "photo", { name: "evil.png", data: PNG });
  // The upload call keeps only the last part of a name; a hostile stored name (older clients, imports)
  // must still not escape its folder in the zip.
  await t.db
    .updateTable("uploads")
    .set({ originalName: "../..\\ev\u0007il.png" })
    .where("path", "=", evil.fileId)
    .execute();
  ids.push(
    await submitAnswers(
      t,
      q.publicId,
      {
        gender: { optionId: "f" },
        channels: { optionIds: ["web", "friend"] },
        rate: { r1: "c1", r2: "c1" },
        contact: { b1: "李四", b2: "上海" },
        rank: ["x", "y", "z"],
        advice: '说"好"，也说,\n再见',
        photo: [evil],
        extra: "-5 分",
      },
      { session: second, source: "wechat", durationSeconds: 40 },
    ),
  );
  ids.push(
    await submitAnswers(
      t,
      q.publicId,
      { gender: { optionId: "m" }, contact: { b1: "王五" }, rank: ["z", "y", "x"] },
      { source: "qrcode" },
    ),
  );
  // Marked invalid by the creator (答卷详情 does this; the row is what matters here).
  await t.db
    .updateTable("responses")
    .set({ status: "invalid" })
    .where("id", "=", ids[2] as number)
    .execute();
});
afterAll(async () => {
  await t.close();
});

const HEADERS = [
  "序号",
  "答卷编号",
  "提交时间",
  "所用时间",
  "来源",
  "IP",
  "1、您的性别",
  "2、您通过哪些渠道了解我们",
  "3、请评价以下方面—服务态度",
  "3、请评价以下方面—响应速度",
  "4、联系方式—姓名",
  "4、联系方式—城市",
  "5、请按重要程度排序—第1位",
  "5、请按重要程度排序—第2位",
  "5、请按重要程度排序—第3位",
  "6、您的建议",
  "7、签名确认",
  "7、签名确认—下载链接",
  "8、上传凭证",
  "8、上传凭证—下载链接",
  "9、其他意见",
];

/** A 下载链接 of this export: absolute, to export/file with a signed token. */
const LINK = /^http:\/\/localhost(:80)?\/wjgj\/api\/export\/file\?t=[\w.-]+$/;

async function exportedSheet(filter?: Record<string, unknown>) {
  const job = await runExport(t, owner, questionnaireId, "xlsx", filter);
  expect(job).toMatchObject({ status: "done", progress: 100, error: "" });
  const file = await download(t, owner.token, questionnaireId, job.id);
  expect(file.statusCode).toBe(200);
  return { job, rows: await readSheet(file.rawPayload) };
}

describe("xlsx export", () => {
  it("has one row per valid response, columns of the latest revision and the labels each respondent saw", async () => {
    const { job, rows } = await exportedSheet({ fullPersonal: true });
    expect(job.rows).toBe(2);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(3);
    const [, first, second] = rows as unknown[][];
    expect(first).toEqual([
      1,
      ids[0],
      "2026-06-01 10:00:00",
      "95秒",
      "链接",
      "10.8.0.1",
      "男",
      // The label seen then (官网, with the piped answer), the 其他 text in 问卷星's brackets, joined with ┋.
      "官网（男）┋其他〖展会〗",
      // Matrix columns come from the revision that was answered.
      "满意",
      "不满意",
      "'@admin",
      "北京",
      "质量",
      "价格",
      "服务",
      "'=1+2",
      "[签名]",
      expect.stringMatching(LINK),
      "证件照.png、证件照.png",
      // One link per file, one a line.
      expect.stringMatching(/^\S+\n\S+$/),
    ]);
    for (const link of String(first?.[19]).split("\n")) expect(link).toMatch(LINK);
    expect(second?.slice(0, 6)).toEqual([2, ids[1], "2026-06-03 10:00:00", "40秒", "微信", "10.8.0.2"]);
    expect(second?.slice(6)).toEqual([
      "女",
      "官方网站（女）┋朋友推荐",
      "很满意",
      "很满意",
      "李四",
      "上海",
      "价格",
      "质量",
      "服务",
      '说"好"，也说,\n再见',
      undefined,
      undefined,
      "evil.png",
      expect.stringMatching(LINK),
      "'-5 分",
    ]);
  });

  it("masks personal information and IP addresses unless asked for in full", async () => {
    const { rows } = await exportedSheet();
    const [, first] = rows as unknown[][];
    // 10.8.0.1, and the signature with its 下载链接, as the masked viewer shows them.
    expect(first?.slice(5, 6)).toEqual(["10.8.*.*"]);
    expect(first?.slice(16, 18)).toEqual(["（签名已隐藏）", undefined]);
    const zip = await runExport(t, owner, questionnaireId, "zip");
    const file = await download(t, owner.token, questionnaireId, zip.id);
    const names = zipEntries(file.rawPayload).map((entry) => entry.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.includes("签名"))).toBe(false);
  });

  it("includes invalid responses with their status when asked, and filters by source and date", async () => {
    const all = await exportedSheet({ includeInvalid: true });
    expect(all.rows[0]?.slice(0, 7)).toEqual([...HEADERS.slice(0, 6), "答卷状态"]);
    expect(all.rows.slice(1).map((row) => [row[1], row[6]])).toEqual([
      [ids[0], "有效"],
      [ids[1], "有效"],
      [ids[2], "无效"],
    ]);
    const qrcode = await exportedSheet({ includeInvalid: true, sources: ["qrcode"] });
    expect(qrcode.rows.slice(1).map((row) => row[1])).toEqual([ids[2]]);
    const later = await exportedSheet({ startDate: "2026-06-02", endDate: "2026-06-03" });
    expect(later.rows.slice(1).map((row) => row[1])).toEqual([ids[1]]);
    const none = await exportedSheet({ endDate: "2026-05-31" });
    expect(none.job.rows).toBe(0);
    expect(none.rows).toEqual([HEADERS]);
  });

  it("exports only the responses the 筛选 panel's answer condition selects, with the other filters", async () => {
    const women = { kind: "selected", questionId: "gender", optionIds: ["f"], match: "any" };
    const female = await exportedSheet({ condition: women });
    expect(female.job.rows).toBe(1);
    expect(female.rows.slice(1).map((row) => [row[1], row[6]])).toEqual([[ids[1], "女"]]);
    const men = await exportedSheet({ includeInvalid: true, condition: { kind: "not", condition: women } });
    expect(men.rows.slice(1).map((row) => row[1])).toEqual([ids[0], ids[2]]);
    const menByQr = await exportedSheet({
      includeInvalid: true,
      sources: ["qrcode"],
      condition: { kind: "not", condition: women },
    });
    expect(menByQr.rows.slice(1).map((row) => row[1])).toEqual([ids[2]]);
  });
});

describe("csv export", () => {
  it("is UTF-8 with a BOM and parses back to the same cells as the xlsx", async () => {
    const job = await runExport(t, owner, questionnaireId, "csv");
    const file = await download(t, owner.token, questionnaireId, job.id);
    expect(file.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(file.rawPayload.toString("utf8").slice(1));
    const { rows } = await exportedSheet();
    expect(records).toEqual(
      rows.map((row) => HEADERS.map((_, i) => (row[i] === undefined ? "" : String(row[i])))),
    );
    expect(records[2]?.[15]).toBe('说"好"，也说,\n再见');
    expect(records[1]?.[15]).toBe("'=1+2");
  });
});

describe("zip export", () => {
  it("groups uploads and signatures in a folder per response, with safe names", async () => {
    const job = await runExport(t, owner, questionnaireId, "zip", { fullPersonal: true });
    expect(job).toMatchObject({ status: "done", rows: 2, fileName: "客户满意度调查_上传文件.zip" });
    const file = await download(t, owner.token, questionnaireId, job.id);
    expect(file.headers["content-type"]).toBe("application/zip");
    const entries = zipEntries(file.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        `1_${ids[0]}/8_证件照.png`,
        `1_${ids[0]}/8_证件照 (2).png`,
        `1_${ids[0]}/7_签名.png`,
        `2_${ids[1]}/8__.._ev_il.png`,
      ].sort(),
    );
    for (const entry of entries) {
      expect(entry.data.equals(PNG)).toBe(true);
      expect(entry.name.split("/").some((part) => part === ".." || part === ".")).toBe(false);
      expect([...entry.name].some((c) => c === "\\" || c.charCodeAt(0) < 0x20)).toBe(false);
    }
  });
});

describe("下载链接 in xlsx and csv", () => {
  /** Opens a link as a spreadsheet program's browser would: no token, no session. */
  const open = (link: string) => {
    const url = new URL(link);
    return t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
  };

  it("opens each file without a login, under the respondent's name for it, while the link and the exporter's permission hold", async () => {
    const { rows } = await exportedSheet({ fullPersonal: true });
    const first = rows[1] as unknown[];
    const [photoLink, secondPhoto] = String(first[19]).split("\n") as [string, string];
    const photo = await open(photoLink);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(String(photo.headers["content-disposition"])).toContain(encodeURIComponent("证件照.png"));
    expect((await open(secondPhoto)).statusCode).toBe(200);
    // The signature kept inline as a PNG data URL.
    const signature = await open(String(first[17]));
    expect(signature.statusCode).toBe(200);
    expect(signature.rawPayload.equals(PNG)).toBe(true);

    // A link changed by hand (another response, another file) no longer verifies.
    const forged = photoLink.replace(`.${ids[0]}.photo.0.`, `.${ids[1]}.photo.0.`);
    expect(forged).not.toBe(photoLink);
    expect((await open(forged)).json()).toMatchObject({
      code: 400,
      msg: "下载链接无效，请从最新导出的文件中打开",
    });

    // A member's links stop when the member leaves the team.
    const member = await buildUser(t);
    await buildTeamMember(t, questionnaireId, member, "viewer");
    const asMember = await runExport(t, member, questionnaireId, "csv");
    const file = await download(t, member.token, questionnaireId, asMember.id);
    const memberLink = String(parseCsv(file.rawPayload.toString("utf8").slice(1))[1]?.[19]).split(
      "\n",
    )[0] as string;
    expect((await open(memberLink)).statusCode).toBe(200);
    await t.db.deleteFrom("team_members").where("userId", "=", member.user.id).execute();
    expect((await open(memberLink)).json()).toMatchObject({
      code: 403,
      msg: "您已没有导出这份问卷数据的权限，链接已失效",
    });

    // A deleted response's files are gone; and after seven days every link has expired.
    await t.db
      .updateTable("responses")
      .set({ status: "deleted" })
      .where("id", "=", ids[1] as number)
      .execute();
    const secondRow = rows[2] as unknown[];
    expect((await open(String(secondRow[19]))).json()).toMatchObject({ code: 404 });
    await t.db
      .updateTable("responses")
      .set({ status: "valid" })
      .where("id", "=", ids[1] as number)
      .execute();
    t.clock.advance(7 * 86_400 + 1);
    expect((await open(photoLink)).json()).toMatchObject({
      code: 400,
      msg: "下载链接已过期（导出后7天内有效），请重新导出数据",
    });
  });
});
