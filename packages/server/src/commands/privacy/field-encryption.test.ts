import fs from "node:fs";
import path from "node:path";
import type { EncryptionStatus } from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  download,
  openAnswering,
  PNG,
  publishNew,
  readSheet,
  runExport,
  submitAnswers as submitFiles,
  uploadFile,
  zipEntries,
} from "../../../test/export-fixtures.ts";
import {
  type BuiltUser,
  buildAdmin,
  buildMember,
  buildTeamMember,
  buildUser,
} from "../../../test/factories.ts";
import { call, createTestContext, TEST_MASTER_KEY, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire, submitAnswers } from "../../../test/results-fixtures.ts";
import { buildApp } from "../../app.ts";
import { openDb } from "../../db/index.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { retireOldKeys, runKeyRotation, scheduleSealing, startKeyRotation } from "./key-rotation.ts";
import { keyringOf, sealedFileGeneration } from "./keyring.ts";
import { answersOpener } from "./sealing.ts";

/**
 * Personal data encrypted at rest (issue #36): the database files hold none of the personal values submitted;
 * the product still reads them (list masked, 查看完整信息 in full); uniqueness on a sealed phone is exact under
 * concurrency; a data-key rotation under submit load loses nothing; a master key that is not the database's
 * stops the start; a master-key rotation re-wraps and the old key alone is refused afterwards.
 */
let t: TestContext;
let owner: BuiltUser;

const definition = buildSurvey([
  {
    id: "dept",
    type: "single",
    title: "部门",
    required: true,
    config: {
      options: [
        { id: "a", label: "销售部" },
        { id: "b", label: "技术部" },
      ],
    },
  },
  { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
  { id: "phone", type: "personal", title: "手机", config: { preset: "mobile", unique: true } },
  { id: "card", type: "personal", title: "身份证", config: { preset: "idCard" } },
  { id: "mail", type: "text", title: "邮箱", config: { format: "email" } },
  { id: "advice", type: "textarea", title: "建议", config: {} },
]);

const phoneOf = (i: number) => `139${String(70000000 + i).padStart(8, "0")}`;
/** 18-digit 身份证 numbers with a valid check digit. */
function idCardOf(i: number): string {
  const body = `11010519${String(800101 + (i % 28)).padStart(6, "0")}${String(100 + (i % 900)).padStart(3, "0")}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce(
    (total, digit, index) => total + Number(digit) * (weights[index] as number),
    0,
  );
  return body + "10X98765432"[sum % 11];
}
const answersOf = (i: number) => ({
  dept: { optionId: i % 2 === 0 ? "a" : "b" },
  name: `欧阳明${"甲乙丙丁戊己庚辛"[i % 8]}`,
  phone: phoneOf(i),
  card: idCardOf(i),
  mail: `person${i}@example.org`,
  advice: `食堂的菜可以再多一些${i}`,
});

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const post = <T>(p: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", p, { token: owner.token, json });

/** Every text the database holds: the SQLite file and its WAL as bytes, or every PostgreSQL table as text. */
async function databaseText(): Promise<string> {
  if (t.ctx.dialect === "sqlite") {
    const file = path.join(t.config.dataDir, "wjgj.sqlite");
    return [file, `${file}-wal`]
      .filter((name) => fs.existsSync(name))
      .map((name) => fs.readFileSync(name).toString("latin1"))
      .join("\n");
  }
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db);
  const texts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(t.db);
    texts.push(...rows.rows.map((r) => r.row));
  }
  return texts.join("\n");
}
/** How a value's bytes would appear in the SQLite file (UTF-8 read as latin1) or the PostgreSQL text. */
const asStored = (value: string) =>
  t.ctx.dialect === "sqlite" ? Buffer.from(value, "utf8").toString("latin1") : value;

describe("personal data at rest", () => {
  it("keeps no personal value readable in the database, and the product still reads them", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await submitAnswers(t, q, answersOf(i)));

    const stored = await databaseText();
    for (let i = 0; i < 6; i += 1) {
      const answers = answersOf(i);
      for (const value of [answers.name, answers.phone, answers.card, answers.mail])
        expect(stored.includes(asStored(value)), `${value} is stored readable`).toBe(false);
      // What is not personal stays as it was (statistics, text analysis and search read it).
      expect(stored.includes(asStored(answers.advice))).toBe(true);
    }
    // The phone's fact keeps a digest, not the number (138… is a number too).
    const fact = await t.db
      .selectFrom("response_facts")
      .select(["text", "num"])
      .where("responseId", "=", ids[0] as number)
      .where("key", "=", "text:phone")
      .executeTakeFirstOrThrow();
    expect(fact.num).toBeNull();
    expect(fact.text).toMatch(/^h:/);

    // The owner's list shows the values masked, 查看完整信息 in full.
    const list = await post<{ list: { id: number; texts: Record<string, string> }[] }>(
      "answer/getAnswerList",
      {
        id: q.id,
        pageNum: 1,
        pageSize: 10,
      },
    );
    const first = list.body.data.list.find((row) => row.id === ids[0]);
    expect(first?.texts.phone).toBe(`${phoneOf(0).slice(0, 3)}****${phoneOf(0).slice(7)}`);
    expect(first?.texts.name).toBe("欧***");
    const revealed = await post<{ answers: Record<string, string> }>("answer/revealPersonal", {
      id: q.id,
      responseId: ids[0],
    });
    expect(revealed.body.data.answers).toMatchObject({
      phone: phoneOf(0),
      card: idCardOf(0),
      mail: "person0@example.org",
    });

    // A phone already taken is refused, as before encryption.
    await expect(submitAnswers(t, q, { ...answersOf(7), phone: phoneOf(3) })).rejects.toThrow(/已被他人提交/);

    // 筛选 by a personal question's content says why not; 已作答 still filters.
    const byContent = await post("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { condition: { kind: "compare", questionId: "phone", op: "eq", value: phoneOf(0) } },
    });
    expect(byContent.body).toMatchObject({ code: 400 });
    expect(JSON.stringify(byContent.body)).toContain("个人信息加密保存");
    const byAnswered = await post<{ total: number }>("statistics/getQuestionStatistics", {
      id: q.id,
      filter: { condition: { kind: "answered", questionId: "phone" } },
    });
    expect(byAnswered.body).toMatchObject({ code: 200 });
  });

  it("keeps a sealed phone unique under 200 concurrent submits: 50 phones, exactly 50 stored", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        submitAnswers(t, q, { ...answersOf(i), phone: phoneOf(1000 + (i % 50)) }),
      ),
    );
    const stored = results.filter((result) => result.status === "fulfilled");
    expect(stored).toHaveLength(50);
    for (const result of results)
      if (result.status === "rejected") expect(String(result.reason)).toMatch(/已被他人提交/);
    const rows = await t.db
      .selectFrom("responses")
      .select(["answers"])
      .where("questionnaireId", "=", q.id)
      .execute();
    const openStored = await answersOpener(t.db, q.id);
    const phones = rows.map((row) => openStored(row.answers).phone);
    expect(new Set(phones).size).toBe(50);
  });

  it("rotates a questionnaire's data key under submit load: nothing lost, every response opens afterwards", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    for (let i = 0; i < 30; i += 1) await submitAnswers(t, q, answersOf(2000 + i));
    const submitting = Promise.all(
      Array.from({ length: 60 }, (_, i) => submitAnswers(t, q, answersOf(3000 + i))),
    );
    const rotation = await startKeyRotation(t.ctx, q.id, true);
    await runKeyRotation(t.ctx, rotation);
    const during = await submitting;
    // Whatever a slow submit sealed under the old key after the last look gets its own pass.
    await runKeyRotation(t.ctx, await startKeyRotation(t.ctx, q.id, false));
    const rows = await t.db
      .selectFrom("responses")
      .select(["id", "answers", "sealedGeneration"])
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(rows).toHaveLength(90);
    expect(during).toHaveLength(60);
    expect(new Set(rows.map((row) => row.sealedGeneration))).toEqual(new Set([2]));
    const report = await t.db
      .selectFrom("key_rotations")
      .selectAll()
      .where("id", "=", rotation)
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ status: "done", generation: 2 });
    expect(report.done).toBeGreaterThanOrEqual(30);

    // An hour on, the old key goes; every response still opens.
    t.clock.advance(2 * 3600);
    expect(await retireOldKeys(t.ctx)).toBeGreaterThanOrEqual(1);
    const generations = await t.db
      .selectFrom("data_keys")
      .select("generation")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(generations.map((row) => row.generation)).toEqual([2]);
    const openStored = await answersOpener(t.db, q.id);
    const phones = new Set(rows.map((row) => openStored(row.answers).phone));
    expect(phones.size).toBe(90);
  });

  it("seals responses written before encryption (their facts and unique values too) in the background", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const id = await submitAnswers(t, q, answersOf(4000));
    // As a response stored before migration 0185 reads.
    const plain = answersOf(4000);
    await t.db
      .updateTable("responses")
      .set({ answers: JSON.stringify(plain), sealedGeneration: null })
      .where("id", "=", id)
      .execute();
    await t.db
      .updateTable("response_facts")
      .set({ text: plain.phone })
      .where("responseId", "=", id)
      .where("key", "=", "text:phone")
      .execute();
    await t.db
      .updateTable("response_uniques")
      .set({ value: plain.phone })
      .where("responseId", "=", id)
      .execute();
    expect(await scheduleSealing(t.ctx)).toBeGreaterThanOrEqual(1);
    await jobWorkerOf(t.app).idle();
    const row = await t.db
      .selectFrom("responses")
      .select(["answers", "sealedGeneration"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.answers).not.toContain(plain.phone);
    expect(row.sealedGeneration).toBe(1);
    expect((await answersOpener(t.db, q.id))(row.answers).phone).toBe(plain.phone);
    const unique = await t.db
      .selectFrom("response_uniques")
      .select("value")
      .where("responseId", "=", id)
      .executeTakeFirstOrThrow();
    expect(unique.value).toMatch(/^h:/);
    // The digest is what a new submit of the same phone meets.
    await expect(submitAnswers(t, q, { ...answersOf(4001), phone: plain.phone })).rejects.toThrow(
      /已被他人提交/,
    );
  });
});

describe("exports", () => {
  it("mask personal information and IP by default; in full only for owner and 管理员, logged in 动态", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    await submitAnswers(t, q, answersOf(6000));
    const sheet = async (user: BuiltUser, filter?: Record<string, unknown>) => {
      const job = await runExport(t, user, q.id, "xlsx", filter);
      expect(job).toMatchObject({ status: "done" });
      const rows = await readSheet((await download(t, user.token, q.id, job.id)).rawPayload);
      return Object.fromEntries((rows[0] as string[]).map((header, i) => [header, rows[1]?.[i]]));
    };
    const value = (row: Record<string, unknown>, title: string) =>
      Object.entries(row).find(([header]) => header.endsWith(title))?.[1];

    const masked = await sheet(owner);
    expect(value(masked, "手机")).toBe(`${phoneOf(6000).slice(0, 3)}****${phoneOf(6000).slice(7)}`);
    expect(value(masked, "姓名")).toBe("欧***");
    expect(String(value(masked, "身份证"))).toMatch(/^110\*+\d{3}[\dX]$/);
    expect(String(value(masked, "IP"))).toMatch(/^10\.9\.\*\.\*$/);
    expect(value(masked, "建议")).toBe(answersOf(6000).advice);

    const full = await sheet(owner, { fullPersonal: true });
    expect(value(full, "手机")).toBe(phoneOf(6000));
    expect(value(full, "身份证")).toBe(idCardOf(6000));
    const logged = await t.db
      .selectFrom("team_activity")
      .select(["action", "actorId"])
      .where("questionnaireId", "=", q.id)
      .where("action", "=", "exportFullPersonal")
      .execute();
    expect(logged).toEqual([{ action: "exportFullPersonal", actorId: owner.user.id }]);

    // 数据查看 may export, masked only; 管理员 may ask for it in full.
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    expect(value(await sheet(viewer), "手机")).toMatch(/\*{4}/);
    const refused = await call(t.app, "POST", "export/createExport", {
      token: viewer.token,
      json: { questionnaireId: q.id, kind: "xlsx", filter: { fullPersonal: true } },
    });
    expect(refused.body).toMatchObject({ code: 403, msg: "只有所有者和管理员可以导出完整的个人信息" });
    const admin = await buildUser(t);
    await buildTeamMember(t, q.id, admin, "admin");
    expect(value(await sheet(admin, { fullPersonal: true }), "手机")).toBe(phoneOf(6000));
  });
});

describe("sensitive files (敏感文件)", () => {
  it("are stored sealed, served and exported as uploaded, kept from masked exports, and re-sealed by a rotation", async () => {
    const member = await buildMember(t, 7, { exportAttachments: true });
    const q = await publishNew(
      t,
      member,
      buildSurvey([
        { id: "idphoto", type: "file", title: "身份证照片", config: { accept: ["png"], sensitive: true } },
        { id: "poster", type: "file", title: "作品", config: { accept: ["png"] } },
      ]),
    );
    const session = await openAnswering(t, q.publicId);
    const sealedName = "欧阳明身份证正面.png";
    const idphoto = await uploadFile(t, q.publicId, session.answerToken, "idphoto", {
      name: sealedName,
      data: PNG,
    });
    const poster = await uploadFile(t, q.publicId, session.answerToken, "poster", {
      name: "海报.png",
      data: PNG,
    });
    await submitFiles(t, q.publicId, { idphoto: [idphoto], poster: [poster] }, { session });

    const storedBytes = (fileId: string) =>
      fs.readFileSync(path.join(t.config.dataDir, "uploads", ...fileId.split("/")));
    // On disk: the sensitive file holds neither the picture nor anything of its header; the other is as uploaded.
    expect(storedBytes(idphoto.fileId).includes(PNG.subarray(0, 8))).toBe(false);
    expect(sealedFileGeneration(storedBytes(idphoto.fileId))).toBe(1);
    expect(storedBytes(poster.fileId).equals(PNG)).toBe(true);
    // In the database: not its name either (the answer is sealed; the row keeps a neutral one).
    const stored = await databaseText();
    expect(stored.includes(asStored("欧阳明身份证正面"))).toBe(false);
    expect(stored.includes(asStored("海报.png"))).toBe(true);

    const served = async (fileId: string) => {
      const res = await t.app.inject({ method: "GET", url: `/uploads/${fileId}` });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    expect((await served(idphoto.fileId)).equals(PNG)).toBe(true);

    const archive = async (filter?: Record<string, unknown>) => {
      const job = await runExport(t, member, q.id, "zip", filter);
      expect(job).toMatchObject({ status: "done" });
      return zipEntries((await download(t, member.token, q.id, job.id)).rawPayload);
    };
    // A masked archive leaves the sensitive file out; one in full has it, opened, under its own name.
    expect((await archive()).map((entry) => entry.name.split("/")[1])).toEqual(["2_海报.png"]);
    const full = await archive({ fullPersonal: true });
    const photo = full.find((entry) => entry.name.endsWith(`1_${sealedName}`));
    expect(photo?.data.equals(PNG)).toBe(true);

    // A rotation re-seals the file under the new key; an hour on the old key goes and the file still opens.
    await runKeyRotation(t.ctx, await startKeyRotation(t.ctx, q.id, true));
    expect(sealedFileGeneration(storedBytes(idphoto.fileId))).toBe(2);
    const row = await t.db
      .selectFrom("uploads")
      .select("sealedGeneration")
      .where("path", "=", idphoto.fileId)
      .executeTakeFirstOrThrow();
    expect(row.sealedGeneration).toBe(2);
    t.clock.advance(2 * 3600);
    await retireOldKeys(t.ctx);
    const generations = await t.db
      .selectFrom("data_keys")
      .select("generation")
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(generations.map((g) => g.generation)).toEqual([2]);
    expect((await served(idphoto.fileId)).equals(PNG)).toBe(true);
  });
});

describe("站点设置 · 个人信息加密", () => {
  it("shows the keys' state to admins and rotates every questionnaire's data key in the background, logged", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    await submitAnswers(t, q, answersOf(7000));
    const admin = await buildAdmin(t);
    const status = await call<EncryptionStatus>(t.app, "GET", "admin/security/getEncryption", {
      token: admin.token,
    });
    expect(status.body.data).toMatchObject({
      enabled: true,
      masterKeyId: expect.stringMatching(/^m[0-9a-f]{12}$/),
      previousMasterKeyId: "",
      rotation: { queued: false, running: 0 },
    });
    expect(status.body.data.questionnaires).toBeGreaterThanOrEqual(1);
    const newest = async () =>
      (
        await t.db
          .selectFrom("data_keys")
          .select((eb) => eb.fn.max("generation").as("generation"))
          .where("questionnaireId", "=", q.id)
          .executeTakeFirstOrThrow()
      ).generation;
    const before = Number(await newest());

    t.clock.advance(60);
    const started = await call<EncryptionStatus>(t.app, "POST", "admin/security/rotateDataKeys", {
      token: admin.token,
      json: {},
    });
    expect(started.body).toMatchObject({ code: 200, data: { rotation: { queued: true } } });
    // A second click while it runs is refused, not queued twice.
    const again = await call(t.app, "POST", "admin/security/rotateDataKeys", {
      token: admin.token,
      json: {},
    });
    expect(again.body).toMatchObject({ code: 409, msg: "数据密钥正在轮换中，请等本轮完成后再发起" });
    await jobWorkerOf(t.app).idle();

    // Every questionnaire with a key has its next one, and its responses are re-sealed under it.
    expect(Number(await newest())).toBe(before + 1);
    const stale = await t.db
      .selectFrom("data_keys")
      .select("questionnaireId")
      .groupBy("questionnaireId")
      .having((eb) => eb.fn.max("createdAt"), "<", new Date(t.clock.now().getTime() - 1000).toISOString())
      .execute();
    expect(stale).toEqual([]);
    const row = await t.db
      .selectFrom("responses")
      .select(["answers", "sealedGeneration"])
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(row.sealedGeneration).toBe(before + 1);
    expect((await answersOpener(t.db, q.id))(row.answers).phone).toBe(phoneOf(7000));
    const after = await call<EncryptionStatus>(t.app, "GET", "admin/security/getEncryption", {
      token: admin.token,
    });
    expect(after.body.data.rotation).toEqual({ queued: false, running: 0, done: 0, total: 0 });
    expect(after.body.data.lastRotatedAt).not.toBe("");
    const audit = await t.db
      .selectFrom("audit_logs")
      .select(["adminId", "action", "entity"])
      .where("entity", "=", "dataKeys")
      .execute();
    expect(audit).toEqual([{ adminId: admin.user.id, action: "rotateKeys", entity: "dataKeys" }]);
  });
});

describe("the master key", () => {
  const otherKey = "a1".repeat(32);

  async function startWith(env: { masterKey: string; masterKeyPrevious?: string }) {
    const config = { ...t.config, masterKey: env.masterKey, masterKeyPrevious: env.masterKeyPrevious };
    const handle = openDb(config);
    try {
      const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, clock: t.clock });
      await app.close();
    } finally {
      await handle.destroy();
    }
  }

  it("refuses to start with a key that is not the database's; a rotation re-wraps and the old key is refused after", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const id = await submitAnswers(t, q, answersOf(5000));
    await expect(startWith({ masterKey: otherKey })).rejects.toThrow(/主密钥与数据库不符/);
    await expect(startWith({ masterKey: "short" })).rejects.toThrow(/MASTER_KEY 格式不对/);

    // MASTER_KEY new with MASTER_KEY_PREVIOUS old: every wrapped key moves under the new one.
    await startWith({ masterKey: otherKey, masterKeyPrevious: TEST_MASTER_KEY });
    const wrapped = await t.db.selectFrom("data_keys").select("wrapped").execute();
    const newId = (
      await t.db
        .selectFrom("server_secrets")
        .select("value")
        .where("name", "=", "masterKeyCheck")
        .executeTakeFirstOrThrow()
    ).value.split(".")[0];
    for (const row of wrapped) expect(row.wrapped.startsWith(`${newId}.`)).toBe(true);
    await startWith({ masterKey: otherKey });
    await expect(startWith({ masterKey: TEST_MASTER_KEY })).rejects.toThrow(/主密钥与数据库不符/);

    // An instance on the new key reads what was sealed before the rotation.
    const config = { ...t.config, masterKey: otherKey, masterKeyPrevious: undefined };
    const handle = openDb(config);
    try {
      const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, clock: t.clock });
      const row = await handle.db
        .selectFrom("responses")
        .select("answers")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect((await answersOpener(handle.db, q.id))(row.answers).phone).toBe(phoneOf(5000));
      expect(keyringOf(handle.db).enabled).toBe(true);
      await app.close();
    } finally {
      await handle.destroy();
    }
  });
});
