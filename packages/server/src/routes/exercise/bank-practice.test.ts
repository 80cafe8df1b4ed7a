import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

const DEVICE = "device-bank-0001";
const ROWS = [
  ["发生火灾时应拨打", "单选题", "A. 110|B. 119|C. 120", "B", "5", "119 是火警电话", "消防", "简单"],
  ["哪些可以扑灭油锅火", "多选题", "A. 锅盖|B. 水|C. 沙土", "AC", "4", "", "消防", "中等"],
  ["电器起火应先切断电源", "判断题", "", "对", "2", "", "用电", "简单"],
  ["灭火器压力表指针应在什么颜色区", "填空题", "", "绿色|绿区", "3", "看压力表", "器材", "困难"],
];

async function importedBank(): Promise<number> {
  const added = await call<{ id: number }>(t.app, "POST", "questionBank/addBank", {
    token: owner.token,
    params: { name: "消防题库" },
  });
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet("题库");
  ws.addRow(["题目", "题型", "选项", "答案", "分值", "解析", "标签", "难度"]);
  for (const row of ROWS) ws.addRow(row);
  const boundary = "----bank-practice";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${added.body.data.id}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(await workbook.xlsx.writeBuffer()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const imported = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/questionBank/importBankQuestions",
    headers: { token: owner.token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(imported.json()).toMatchObject({ code: 200, data: { imported: 4 } });
  return added.body.data.id;
}

function share(id: number, practiceOpen: boolean, token = owner.token) {
  return call<{ practicePublicId: string | null }>(t.app, "POST", "questionBank/updateBankPractice", {
    token,
    params: { id, practiceOpen: String(practiceOpen) },
  });
}

type Question = { id: string; title: string; answerKind: string; options: { id: string; label: string }[] };
type Opened = { title: string; questions: Question[]; progress: { wrong: string[]; answered: object } };

function open(publicId: string, extra: { token?: string; deviceId?: string } = { deviceId: DEVICE }) {
  return call<Opened>(t.app, "GET", "exercise/getExercise", {
    token: extra.token,
    params: { publicId, ...(extra.deviceId ? { deviceId: extra.deviceId } : {}) },
  });
}

function check(publicId: string, questionId: string, answer: object, deviceId = DEVICE) {
  return call<{
    correct: boolean;
    correctOptionIds: string[];
    acceptedAnswers: string[];
    explanation: string;
    progress: { wrong: string[] };
  }>(t.app, "POST", "exercise/checkExerciseAnswer", { json: { publicId, questionId, answer, deviceId } });
}

describe("刷题 over a bank its owner shares for practice", () => {
  it("serves the bank in order with feedback, explanations and a wrong-answer book", async () => {
    const id = await importedBank();
    const shared = await share(id, true);
    expect(shared.body.code, shared.body.msg).toBe(200);
    const publicId = shared.body.data.practicePublicId as string;
    expect(publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    const listed = await call<{ id: number; practicePublicId: string | null }[]>(
      t.app,
      "GET",
      "questionBank/getBankList",
      { token: owner.token },
    );
    expect(listed.body.data.find((b) => b.id === id)?.practicePublicId).toBe(publicId);
    // Sharing again keeps the link that was handed out.
    expect((await share(id, true)).body.data.practicePublicId).toBe(publicId);

    const opened = await open(publicId);
    expect(opened.body.code, opened.body.msg).toBe(200);
    expect(opened.body.data.title).toBe("消防题库");
    // Sequential practice follows the bank's order; the key never travels with the questions.
    expect(opened.body.data.questions.map((q) => q.title)).toEqual(ROWS.map((row) => row[0]));
    expect(opened.body.data.questions.map((q) => q.answerKind)).toEqual([
      "single",
      "multiple",
      "single",
      "text",
    ]);
    expect(JSON.stringify(opened.body.data)).not.toContain("correct");
    const [single, multiple, , blank] = opened.body.data.questions as Question[];

    const wrong = await check(publicId, single?.id as string, { optionIds: [single?.options[0]?.id] });
    expect(wrong.body.data).toMatchObject({
      correct: false,
      correctOptionIds: [single?.options[1]?.id],
      explanation: "119 是火警电话",
      progress: { wrong: [single?.id] },
    });
    const typed = await check(publicId, blank?.id as string, { text: "绿区" });
    expect(typed.body.data).toMatchObject({
      correct: true,
      acceptedAnswers: ["绿色", "绿区"],
      explanation: "看压力表",
    });
    const half = await check(publicId, multiple?.id as string, { optionIds: [multiple?.options[0]?.id] });
    expect(half.body.data.correct).toBe(false);

    // The 错题本 is kept per device, in bank order, and loses a question answered right.
    expect((await open(publicId)).body.data.progress.wrong).toEqual([single?.id, multiple?.id]);
    expect((await open(publicId, { deviceId: "device-bank-0002" })).body.data.progress.wrong).toEqual([]);
    await check(publicId, single?.id as string, { optionIds: [single?.options[1]?.id] });
    expect((await open(publicId)).body.data.progress.wrong).toEqual([multiple?.id]);
  });

  it("is closed until shared and after sharing stops, and only the owner shares", async () => {
    const id = await importedBank();
    const stranger = await buildUser(t);
    const refused = await share(id, true, stranger.token);
    expect(refused.body).toMatchObject({ code: 404, msg: "题库不存在或已删除" });
    const listed = await call<{ practicePublicId: string | null }[]>(
      t.app,
      "GET",
      "questionBank/getBankList",
      {
        token: owner.token,
      },
    );
    expect(listed.body.data[0]?.practicePublicId).toBeNull();

    const publicId = (await share(id, true)).body.data.practicePublicId as string;
    expect((await open(publicId)).body.code).toBe(200);
    expect((await share(id, false)).body.data.practicePublicId).toBeNull();
    expect((await open(publicId)).body).toMatchObject({ code: 404, msg: "该试卷未开放练习，请联系出题人" });

    const bad = await call(t.app, "POST", "questionBank/updateBankPractice", {
      token: owner.token,
      params: { id, practiceOpen: "也许" },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: "请选择是否开放练习" });
  });

  it("keeps a logged-in learner's bank progress with the account", async () => {
    const id = await importedBank();
    const publicId = (await share(id, true)).body.data.practicePublicId as string;
    const learner = await buildUser(t);
    const opened = await open(publicId, { token: learner.token });
    const first = opened.body.data.questions[0] as Question;
    await call(t.app, "POST", "exercise/checkExerciseAnswer", {
      token: learner.token,
      json: { publicId, questionId: first.id, answer: { optionIds: [first.options[0]?.id] } },
    });
    expect(
      (await open(publicId, { token: learner.token, deviceId: "laptop-cccccccc" })).body.data.progress.wrong,
    ).toEqual([first.id]);
    expect((await open(publicId)).body.data.progress.wrong).toEqual([]);
  });
});
