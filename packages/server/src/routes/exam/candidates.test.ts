import type {
  ExamCandidateImportResult,
  ExamCandidateRow,
  ExamGuardInput,
  ExamSignInResult,
} from "@wjgj/core";
import { messages } from "@wjgj/core";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAttempt } from "../../../test/exam-attempts.ts";
import { type BuiltUser, buildTeamMember, buildUser, latestCode } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { gradedExam, publishedQuestionnaire } from "../../../test/results-fixtures.ts";
import { iso } from "../../clock.ts";
import { retireOldKeys, runKeyRotation, startKeyRotation } from "../../commands/privacy/key-rotation.ts";

/**
 * 考生名单 (issue #40): importing the list from Excel or CSV with row errors, the masked list and the logged
 * reveal, the list sealed at rest, signing in by 准考证号 + 姓名 or by a phone code (a candidate not on the list
 * refused in Chinese, the same words for a wrong name, guessing throttled), and everything of the exam gone
 * with the questionnaire, snapshot files included.
 */
let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function exam() {
  return publishedQuestionnaire(t, owner, gradedExam(), "exam");
}

async function guard(id: number, examGuard: ExamGuardInput, extra: Record<string, unknown> = {}) {
  const row = await t.db
    .selectFrom("questionnaires")
    .select("settings")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const settings = { ...(JSON.parse(row.settings) as Record<string, unknown>), examGuard, ...extra };
  await t.db
    .updateTable("questionnaires")
    .set({ settings: JSON.stringify(settings) })
    .where("id", "=", id)
    .execute();
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("考生");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(id: number, data: Buffer, filename: string, token = owner.token) {
  const boundary = "----wjgjCandidates";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/exam/importCandidates",
    headers: { token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return response.json() as { code: number; msg: string; data: ExamCandidateImportResult };
}

const list = async (id: number, params: Record<string, string | number> = {}) =>
  (
    await call<{ total: number; list: ExamCandidateRow[] }>(t.app, "GET", "exam/getCandidates", {
      token: owner.token,
      params: { id, ...params },
    })
  ).body.data as { total: number; list: ExamCandidateRow[] };

const signIn = (json: Record<string, unknown>, ip = "10.0.0.1") =>
  call<ExamSignInResult>(t.app, "POST", "exam/signIn", { json, ip });

/** The list every test starts from: two good rows, four refused with their sheet row numbers. */
async function importedExam() {
  const q = await exam();
  const result = await upload(
    q.id,
    await xlsx([
      ["姓名", "准考证号", "手机号（选填）"],
      ["张三", "2026001", "13800000001"],
      ["欧阳娜娜", "2026002", ""],
      ["", "2026003", ""],
      ["李四", "", ""],
      ["王五", "2026006", "12345"],
      ["赵六", "２０２６００１", ""],
    ]),
    "名单.xlsx",
  );
  return { q, result };
}

describe("importing the candidate list", () => {
  it("adds good rows, refuses bad ones with their row numbers, and a second import updates by number", async () => {
    const { q, result } = await importedExam();
    expect(result.code).toBe(200);
    expect(result.data.added).toBe(2);
    expect(result.data.updated).toBe(0);
    expect(result.data.errors).toEqual([
      { row: 4, message: messages.examCandidateNameRequired },
      { row: 5, message: messages.examCandidateNumberRequired },
      { row: 6, message: messages.examCandidatePhoneInvalid },
      { row: 7, message: messages.examCandidateNumberDuplicate },
    ]);

    const again = await upload(
      q.id,
      await xlsx([
        ["姓名", "工号", "手机"],
        ["张三丰", " 2026001 ", "138 0000 0009"],
        ["孙七", "2026007", ""],
      ]),
      "again.xlsx",
    );
    expect(again.data).toEqual({ added: 1, updated: 1, errors: [] });
    expect((await list(q.id)).total).toBe(3);

    // A CSV saved by Excel (BOM, quotes) reads the same.
    const csv = Buffer.from('\ufeff姓名,学号,手机号\r\n"周 八",2026008,\r\n', "utf8");
    expect((await upload(q.id, csv, "名单.csv")).data).toEqual({ added: 1, updated: 0, errors: [] });
    // …and so does one Excel saved as GBK (姓名,准考证号 / 张三,1).
    const gbk = Buffer.from("d0d5c3fb2cd7bcbfbcd6a4bac50ad5c5c8fd2c310a", "hex");
    expect((await upload(q.id, gbk, "名单.csv")).data).toEqual({ added: 1, updated: 0, errors: [] });
    expect((await list(q.id, { keyword: "1" })).list.map((c) => c.name)).toEqual(["张*"]);
  });

  it("refuses a file without the header, a file that is not a list, and a stranger", async () => {
    const q = await exam();
    const noHeader = await upload(
      q.id,
      await xlsx([
        ["名字", "编号"],
        ["张三", "1"],
      ]),
      "x.xlsx",
    );
    expect(noHeader.code).toBe(400);
    expect(noHeader.msg).toBe(messages.examCandidateImportColumns);
    const empty = await upload(q.id, await xlsx([["姓名", "准考证号"]]), "x.xlsx");
    expect(empty.msg).toBe(messages.examCandidateImportEmpty);
    const broken = await upload(q.id, Buffer.from("PK\u0003\u0004 broken"), "x.xlsx");
    expect(broken.msg).toBe(messages.examCandidateFileInvalid);
    const stranger = await buildUser(t);
    const refused = await upload(
      q.id,
      await xlsx([
        ["姓名", "准考证号"],
        ["张三", "1"],
      ]),
      "x.xlsx",
      stranger.token,
    );
    expect(refused.code).toBe(403);
    expect(
      await t.db.selectFrom("exam_candidates").select("id").where("questionnaireId", "=", q.id).execute(),
    ).toEqual([]);
  });

  it("refuses a file of more than 10000 candidates", async () => {
    const q = await exam();
    const lines = ["姓名,准考证号", ...Array.from({ length: 10_001 }, (_, i) => `考生${i},N${i}`)];
    const result = await upload(q.id, Buffer.from(lines.join("\n")), "big.csv");
    expect(result.msg).toBe(messages.examCandidateLimit);
    expect((await list(q.id)).total).toBe(0);
  });

  it("hands out a template with the header and an example", async () => {
    const q = await exam();
    const response = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/exam/candidateTemplate?id=${q.id}`,
      headers: { token: owner.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("filename*=UTF-8''");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, "姓名", "准考证号", "手机号"]);
    expect(sheet.rowCount).toBe(2);
  });
});

describe("the list as the creator sees it", () => {
  it("is masked, found by exact number or phone, shown in full only by a logged reveal", async () => {
    const { q } = await importedExam();
    const page = await list(q.id);
    expect(page.total).toBe(2);
    expect(
      page.list.map(({ name, number, phone, status, attemptsUsed }) => ({
        name,
        number,
        phone,
        status,
        attemptsUsed,
      })),
    ).toEqual([
      { name: "张*", number: "***6001", phone: "138****0001", status: "notStarted", attemptsUsed: 0 },
      { name: "欧***", number: "***6002", phone: "", status: "notStarted", attemptsUsed: 0 },
    ]);
    expect((await list(q.id, { keyword: "2026002" })).list.map((c) => c.name)).toEqual(["欧***"]);
    expect((await list(q.id, { keyword: "13800000001" })).list.map((c) => c.name)).toEqual(["张*"]);
    // Names are sealed: a part of one finds nothing (no plaintext to search).
    expect((await list(q.id, { keyword: "欧阳" })).total).toBe(0);

    const id = (page.list[1] as ExamCandidateRow).id;
    const revealed = await call<{ name: string; number: string; phone: string }>(
      t.app,
      "POST",
      "exam/revealCandidate",
      { token: owner.token, json: { id: q.id, candidateId: id } },
    );
    expect(revealed.body.data).toEqual({ name: "欧阳娜娜", number: "2026002", phone: "" });
    const logged = await t.db
      .selectFrom("team_activity")
      .select(["action", "detail", "actorId"])
      .where("questionnaireId", "=", q.id)
      .where("action", "=", "revealPersonal")
      .execute();
    expect(logged).toEqual([{ action: "revealPersonal", detail: `考生 ${id}`, actorId: owner.user.id }]);

    // A 查看者 of the team sees the masked list but may not reveal.
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    const refused = await call(t.app, "POST", "exam/revealCandidate", {
      token: viewer.token,
      json: { id: q.id, candidateId: id },
    });
    expect(refused.body.code).toBe(403);
  });

  it("keeps no name, number or phone readable in the database", async () => {
    const { q } = await importedExam();
    const rows = await t.db
      .selectFrom("exam_candidates")
      .selectAll()
      .where("questionnaireId", "=", q.id)
      .execute();
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    for (const plain of ["张三", "欧阳娜娜", "2026001", "2026002", "13800000001"])
      expect(text.includes(plain), plain).toBe(false);
    for (const row of rows) {
      expect(row.name).toMatch(/^enc:v1:/);
      expect(row.number).toMatch(/^enc:v1:/);
      expect(row.numberDigest).toMatch(/^h:/);
    }
  });

  it("is sealed again by a data-key rotation, and the old key stays until nothing is under it", async () => {
    const { q } = await importedExam();
    const rotation = await startKeyRotation(t.ctx, q.id, true);
    // An hour on, before the rotation ran: the list is still under generation 1, so its key stays.
    t.clock.advance(2 * 3600);
    expect(await retireOldKeys(t.ctx)).toBe(0);
    await runKeyRotation(t.ctx, rotation);
    const rows = await t.db
      .selectFrom("exam_candidates")
      .select(["name", "number", "phone"])
      .where("questionnaireId", "=", q.id)
      .execute();
    for (const row of rows) {
      expect(row.name).toMatch(/^enc:v1:2:/);
      expect(row.number).toMatch(/^enc:v1:2:/);
    }
    expect(await retireOldKeys(t.ctx)).toBe(1);
    expect((await list(q.id)).list.map((c) => c.name)).toEqual(["张*", "欧***"]);
    const again = await signIn({ publicId: q.publicId, number: "2026002", name: "欧阳娜娜" });
    expect(again.body.msg).toBe(messages.examNoCandidateList);
    await guard(q.id, { candidatesOnly: true });
    expect((await signIn({ publicId: q.publicId, number: "2026002", name: "欧阳娜娜" })).body.code).toBe(200);
  });

  it("saves one candidate, updates by number, and deletes", async () => {
    const q = await exam();
    const save = (json: Record<string, unknown>) =>
      call<{ id: number; added: boolean }>(t.app, "POST", "exam/saveCandidate", {
        token: owner.token,
        json: { id: q.id, ...json },
      });
    const first = await save({ name: "钱九", number: "a-01", phone: "+86 13900000002" });
    expect(first.body.data?.added).toBe(true);
    const second = await save({ name: "钱九九", number: "A-01" });
    expect(second.body.data).toEqual({ id: first.body.data?.id, added: false });
    expect((await save({ name: "x", number: "1", phone: "123" })).body.msg).toBe(
      messages.examCandidatePhoneInvalid,
    );
    expect((await save({ name: " ", number: "1" })).body.msg).toBe(messages.examCandidateNameRequired);
    await save({ name: "孙十", number: "a-02" });
    expect((await list(q.id)).total).toBe(2);
    const removed = await call<{ deleted: number }>(t.app, "POST", "exam/deleteCandidates", {
      token: owner.token,
      json: { id: q.id, candidateIds: [first.body.data?.id] },
    });
    expect(removed.body.data).toEqual({ deleted: 1 });
    const none = await call(t.app, "POST", "exam/deleteCandidates", {
      token: owner.token,
      json: { id: q.id },
    });
    expect(none.body.msg).toBe(messages.examCandidateIdsRequired);
    await call(t.app, "POST", "exam/deleteCandidates", { token: owner.token, json: { id: q.id, all: true } });
    expect((await list(q.id)).total).toBe(0);
  });
});

describe("signing in to the exam", () => {
  it("lets a listed candidate in by number and name, and refuses others with one message", async () => {
    const { q } = await importedExam();
    expect((await signIn({ publicId: q.publicId, number: "2026001", name: "张三" })).body.msg).toBe(
      messages.examNoCandidateList,
    );
    await guard(q.id, { candidatesOnly: true });
    const ok = await signIn({ publicId: q.publicId, number: " ２０２６００１ ", name: "张 三" }, "10.1.0.1");
    expect(ok.body.code).toBe(200);
    expect(ok.body.data?.candidate).toEqual({ name: "张三", number: "2026001" });
    expect(ok.body.data?.candidateToken).toMatch(new RegExp(`^${q.id}\\.\\d+\\.\\d+\\.`));

    const unknown = await signIn({ publicId: q.publicId, number: "2026999", name: "张三" }, "10.1.0.1");
    const wrongName = await signIn({ publicId: q.publicId, number: "2026001", name: "李四" }, "10.1.0.1");
    expect(unknown.body.code).toBe(400);
    expect(unknown.body.msg).toBe(messages.examNotCandidate);
    expect(wrongName.body).toEqual(unknown.body);

    // Guessing is throttled per IP: the right pair is not revealed during the lockout.
    for (let i = 0; i < 8; i += 1)
      await signIn({ publicId: q.publicId, number: `9${i}`, name: "某" }, "10.1.0.1");
    const locked = await signIn({ publicId: q.publicId, number: "2026001", name: "张三" }, "10.1.0.1");
    expect(locked.body.code).toBe(429);
    expect(locked.body.msg).toBe(messages.examSignInThrottled);
    expect(
      (await signIn({ publicId: q.publicId, number: "2026001", name: "张三" }, "10.1.0.2")).body.code,
    ).toBe(200);

    // A closed exam says why, as its page does.
    await t.db.updateTable("questionnaires").set({ status: "stopped" }).where("id", "=", q.id).execute();
    expect(
      (await signIn({ publicId: q.publicId, number: "2026001", name: "张三" }, "10.1.0.3")).body.msg,
    ).toBe("考试已暂停收集");
  });

  it("says on signing in how many attempts are left: none once the candidate's only attempt is over", async () => {
    const { q } = await importedExam();
    await guard(q.id, { candidatesOnly: true });
    const sign = () => signIn({ publicId: q.publicId, number: "2026001", name: "张三" }, "10.2.0.1");
    const first = await sign();
    expect(first.body.data?.attemptsLeft).toBe(1);
    const start = await startAttempt(t, q.publicId, {
      candidateToken: first.body.data?.candidateToken ?? "",
    });
    expect(start.body.code, start.body.msg).toBe(200);
    // The attempt running: it may be resumed.
    expect((await sign()).body.data?.attemptsLeft).toBe(1);
    await t.db
      .updateTable("exam_attempts")
      .set({ status: "submitted" })
      .where("questionnaireId", "=", q.id)
      .execute();
    expect((await sign()).body.data?.attemptsLeft).toBe(0);
  });

  it("lets a listed phone in with its code, and does not say at sending whether it is listed", async () => {
    const { q } = await importedExam();
    await guard(q.id, { candidatesOnly: true, signIn: "phone" });
    const send = (phone: string) =>
      call(t.app, "POST", "user/sendCode", { json: { phone, purpose: "exam" }, ip: "10.2.0.1" });
    const listed = await send("13800000001");
    const unlisted = await send("13800000077");
    expect(listed.body).toEqual(unlisted.body);
    expect(listed.body.code).toBe(200);

    const wrong = await signIn({ publicId: q.publicId, phone: "13800000001", code: "000000" });
    expect(wrong.body.msg).toBe(messages.codeWrong);
    const code = await latestCode(t, "13800000001");
    const outbox = await t.db
      .selectFrom("sms_outbox")
      .select("content")
      .where("phone", "=", "13800000001")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(outbox.content).toContain("登录考试");
    const ok = await signIn({ publicId: q.publicId, phone: "13800000001", code });
    expect(ok.body.data?.candidate).toEqual({ name: "张三", number: "2026001" });

    const other = await signIn({
      publicId: q.publicId,
      phone: "13800000077",
      code: await latestCode(t, "13800000077"),
    });
    expect(other.body.code).toBe(400);
    expect(other.body.msg).toBe(messages.examPhoneNotCandidate);
  });
});

describe("deleting the exam for good", () => {
  it("removes its candidates, attempts, events and snapshot files", async () => {
    const { q } = await importedExam();
    const candidate = await t.db
      .selectFrom("exam_candidates")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    const now = iso(t.clock.now());
    const attempt = await t.db
      .insertInto("exam_attempts")
      .values({
        questionnaireId: q.id,
        candidateId: candidate.id,
        subject: `c:${candidate.id}`,
        attemptNo: 1,
        revisionId: q.revisionId,
        seed: "seed-1",
        tokenHash: `hash-${q.id}`,
        status: "active",
        endedReason: null,
        startedAt: now,
        deadlineAt: null,
        lastSeenAt: now,
        savedAt: null,
        pageId: null,
        responseId: null,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const key = `exam-snapshots/${q.id}/${attempt.id}/1.jpg`;
    await t.storage.put(key, Buffer.from("jpeg bytes"));
    await t.db
      .insertInto("exam_events")
      .values({ questionnaireId: q.id, attemptId: attempt.id, kind: "snapshot", at: now, storageKey: key })
      .execute();
    expect(await t.storage.stat(key)).not.toBeNull();

    const params = { id: q.id };
    expect(
      (await call(t.app, "POST", "questionary/delQuestionary", { token: owner.token, params })).body.code,
    ).toBe(200);
    const destroyed = await call(t.app, "POST", "questionary/thoroughDelQuestionary", {
      token: owner.token,
      params,
    });
    expect(destroyed.body.code).toBe(200);
    for (const table of ["exam_candidates", "exam_attempts", "exam_events"] as const)
      expect(await t.db.selectFrom(table).select("id").where("questionnaireId", "=", q.id).execute()).toEqual(
        [],
      );
    expect(await t.storage.stat(key)).toBeNull();
  });
});

describe("the list without personal-data encryption", () => {
  it("keeps the values as typed and finds a candidate by a part of the name", async () => {
    const plain = await createTestContext({ PERSONAL_DATA_ENCRYPTION: "0" });
    try {
      const user = await buildUser(plain);
      const q = await publishedQuestionnaire(plain, user, gradedExam(), "exam");
      const save = (name: string, number: string) =>
        call(plain.app, "POST", "exam/saveCandidate", {
          token: user.token,
          json: { id: q.id, name, number },
        });
      await save("欧阳娜娜", "2026002");
      await save("张三", "2026001");
      const found = await call<{ total: number; list: ExamCandidateRow[] }>(
        plain.app,
        "GET",
        "exam/getCandidates",
        {
          token: user.token,
          params: { id: q.id, keyword: "欧阳" },
        },
      );
      expect(found.body.data?.list.map((c) => c.name)).toEqual(["欧***"]);
      const wildcard = await call<{ total: number }>(plain.app, "GET", "exam/getCandidates", {
        token: user.token,
        params: { id: q.id, keyword: "%" },
      });
      expect(wildcard.body.data?.total).toBe(0);
      const rows = await plain.db
        .selectFrom("exam_candidates")
        .select(["name", "numberDigest"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { name: "欧阳娜娜", numberDigest: "2026002" },
        { name: "张三", numberDigest: "2026001" },
      ]);
    } finally {
      await plain.close();
    }
  });
});
