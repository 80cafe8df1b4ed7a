import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser, sampleDefinition } from "../../../test/factories.ts";
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

const HEADERS = ["题目", "题型", "选项", "答案", "分值", "解析", "标签", "难度"];

async function sheet(rows: string[][], headers = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet("题库");
  ws.addRow(headers);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(token: string, id: number, data: Buffer) {
  const boundary = "----bank-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/questionBank/importBankQuestions",
    headers: { token, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json() as {
    code: number;
    msg: string;
    data: { imported?: number; errors?: { field: string; message: string }[] } | null;
  };
}

async function newBank(name = "消防题库") {
  const res = await call<{ id: number }>(t.app, "POST", "questionBank/addBank", {
    token: owner.token,
    params: { name },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.id;
}

type Item = { question: { title: string; type: string }; tags: string[]; difficulty: number };
async function questionsOf(id: number, token = owner.token) {
  const res = await call<Item[]>(t.app, "GET", "questionBank/getBankQuestionList", { token, params: { id } });
  return res.body;
}

const GOOD = [
  ["发生火灾时应拨打", "单选题", "A. 110|B. 119|C. 120", "B", "5", "119 是火警电话", "消防,常识", "简单"],
  ["哪些可以扑灭油锅火", "多选题", "A. 锅盖\nB. 水\nC. 沙土", "AC", "4", "", "消防", "中等"],
  ["电器起火应先切断电源", "判断题", "", "对", "2", "", "用电", "简单"],
  ["灭火器压力表指针应在什么颜色区", "填空题", "", "绿色|绿区", "3", "", "器材", "困难"],
];

describe("题库 Excel import and export", () => {
  it("names each bad row's real fault and imports nothing when any row fails", async () => {
    const id = await newBank();
    const bad = await upload(
      owner.token,
      id,
      await sheet([
        GOOD[0] as string[],
        ["", "单选题", "A. 甲|B. 乙", "A", "5", "", "", ""],
        ["哪个对", "问答题", "", "", "", "", "", ""],
        GOOD[1] as string[],
        ["二选一", "单选题", "A. 甲|B. 乙", "E", "5", "", "", ""],
        ["太难", "判断题", "", "对", "5", "", "", "极难"],
        ["灯亮了吗", "判断题", "", "是", "2", "", "", ""],
        ["缺答案", "多选题", "A. 甲|B. 乙|C. 丙", "", "5", "", "", ""],
        ["只有一项", "单选题", "A. 甲", "A", "5", "", "", ""],
        ["两个答案", "单选题", "A. 甲|B. 乙", "AB", "5", "", "", ""],
        ["填空", "填空题", "", "", "3", "", "", ""],
        ["分值", "单选题", "A. 甲|B. 乙", "A", "200", "", "", ""],
      ]),
    );
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe("表格中有错误的行，未导入任何题目，请修改后重新导入");
    expect(bad.data?.errors?.map((e) => e.message)).toEqual([
      "第3行：缺少题目标题",
      "第4行：题型“问答题”无效，应为单选题、多选题、判断题或填空题",
      "第6行：答案E 超出选项范围（共2个选项）",
      "第7行：难度“极难”无效，应为简单、中等或困难",
      "第8行：判断题答案应为“对”或“错”",
      "第9行：缺少答案，应填选项字母，如 A 或 AC",
      "第10行：单选题至少需要2个选项（现有1个），用 | 或换行分隔",
      "第11行：单选题只能有一个答案（填了AB）",
      "第12行：填空题缺少参考答案，多个参考答案用 | 分隔",
      "第13行：分值“200”无效，应为1-100的整数",
    ]);
    expect((await questionsOf(id)).data).toEqual([]);

    const notASheet = await upload(owner.token, id, Buffer.from("not excel"));
    expect(notASheet).toMatchObject({ code: 400, msg: "请上传用模板填写的 .xlsx 格式 Excel 文件" });
  });

  it("imports a good file whole, and an exported bank imports back as the same bank", async () => {
    const id = await newBank();
    const good = await upload(owner.token, id, await sheet(GOOD));
    expect(good, good.msg).toMatchObject({ code: 200, data: { imported: 4 } });
    const imported = (await questionsOf(id)).data;
    expect(imported.map((q) => [q.question.title, q.question.type, q.tags, q.difficulty])).toEqual([
      ["发生火灾时应拨打", "single", ["消防", "常识"], 1],
      ["哪些可以扑灭油锅火", "multiple", ["消防"], 2],
      ["电器起火应先切断电源", "trueFalse", ["用电"], 1],
      ["灭火器压力表指针应在什么颜色区", "text", ["器材"], 3],
    ]);
    expect(imported[0]?.question).toMatchObject({
      scoring: { mode: "single", points: 5 },
      explanation: "119 是火警电话",
      config: { options: [{ label: "110" }, { label: "119", correct: true }, { label: "120" }] },
    });

    const exported = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/questionBank/exportBank?id=${id}`,
      headers: { token: owner.token },
    });
    expect(exported.statusCode).toBe(200);
    const copy = await newBank("副本");
    expect(await upload(owner.token, copy, exported.rawPayload)).toMatchObject({
      code: 200,
      data: { imported: 4 },
    });
    // Same bank: everything but the generated question ids and row ids.
    const strip = (items: Item[]) =>
      items.map(({ question, tags, difficulty }) => {
        const { id: _id, ...rest } = question as Item["question"] & { id: string };
        return { rest, tags, difficulty };
      });
    expect(strip((await questionsOf(copy)).data)).toEqual(strip(imported));

    // The template is itself a good file.
    const template = await t.app.inject({
      method: "GET",
      url: "/wjgj/api/questionBank/getImportTemplate",
      headers: { token: owner.token },
    });
    const third = await newBank("模板");
    expect(await upload(owner.token, third, template.rawPayload)).toMatchObject({
      code: 200,
      data: { imported: 4 },
    });
  });

  it("keeps banks to their owner, lists counts, and builds a bank from an exam's keyed questions", async () => {
    const id = await newBank();
    await upload(owner.token, id, await sheet(GOOD));
    const stranger = await buildUser(t);
    expect((await questionsOf(id, stranger.token)).code).toBe(404);
    expect((await upload(stranger.token, id, await sheet(GOOD))).code).toBe(404);
    expect((await questionsOf(id)).data).toHaveLength(4);
    const list = await call<{ id: number; questionCount: number }[]>(
      t.app,
      "GET",
      "questionBank/getBankList",
      {
        token: owner.token,
      },
    );
    expect(list.body.data).toEqual([expect.objectContaining({ id, name: "消防题库", questionCount: 4 })]);

    const exam = await buildQuestionnaire(t, owner, { kind: "exam", definition: sampleDefinition() });
    const fromExam = await call<{ id: number; questionCount: number }>(
      t.app,
      "POST",
      "questionBank/addBankFromQuestionary",
      { token: owner.token, params: { questionaryId: exam.id, name: "来自考试" } },
    );
    // The keyed single choice joins; the unscored essay does not.
    expect(fromExam.body.data).toMatchObject({ questionCount: 1 });
    expect((await questionsOf(fromExam.body.data.id)).data[0]?.question.title).toBe("发生火灾时应拨打");
    // Logic naming the exam's other questions stays behind: in a bank (and on a paper drawn from it) those
    // questions are not there.
    const sample = sampleDefinition("带逻辑的考试");
    const [fire, essay] = sample.pages[0]?.questions ?? [];
    const keyedEssay = {
      ...essay,
      type: "single",
      config: {
        options: [
          { id: "a", label: "低姿撤离", correct: true },
          { id: "b", label: "乘电梯" },
        ],
      },
      scoring: { mode: "single", points: 2 },
    };
    const jumping = {
      ...fire,
      jumps: [{ when: { kind: "answered", questionId: "q1" }, target: { kind: "submit" } }],
    };
    const withLogic = await buildQuestionnaire(t, owner, {
      kind: "exam",
      definition: { ...sample, pages: [{ id: "p1", questions: [jumping, keyedEssay] }] },
    });
    const logicBank = await call<{ id: number; questionCount: number }>(
      t.app,
      "POST",
      "questionBank/addBankFromQuestionary",
      { token: owner.token, params: { questionaryId: withLogic.id, name: "不带逻辑" } },
    );
    expect(logicBank.body.data).toMatchObject({ questionCount: 2 });
    const detached = (await questionsOf(logicBank.body.data.id)).data.map(
      (item) => item.question as { title: string; showIf?: unknown; jumps?: unknown },
    );
    expect(detached.map((question) => [question.title, question.showIf, question.jumps])).toEqual([
      ["发生火灾时应拨打", undefined, undefined],
      ["请简述逃生要点", undefined, undefined],
    ]);
    // An exam without a keyed question says so in an exam's words.
    const essayOnly = await buildQuestionnaire(t, owner, {
      kind: "exam",
      definition: {
        schemaVersion: 1,
        kind: "exam",
        title: "论述题",
        pages: [{ id: "p1", questions: [{ id: "q1", type: "text", title: "谈谈你的看法", config: {} }] }],
      },
    });
    const nothing = await call(t.app, "POST", "questionBank/addBankFromQuestionary", {
      token: owner.token,
      params: { questionaryId: essayOnly.id, name: "空" },
    });
    expect(nothing.body).toMatchObject({
      code: 400,
      msg: "这份考试中没有可加入题库的题目（需设置正确答案的单选、多选、判断或填空题）",
      // On the field the call sent, so the page's picker can show it where the questionnaire was chosen.
      data: { errors: [expect.objectContaining({ field: "questionaryId" })] },
    });
    const foreign = await call(t.app, "POST", "questionBank/addBankFromQuestionary", {
      token: stranger.token,
      params: { questionaryId: exam.id, name: "偷题" },
    });
    expect(foreign.body.code).toBe(403);

    await call(t.app, "POST", "questionBank/delBank", { token: owner.token, params: { id } });
    expect((await questionsOf(id)).code).toBe(404);
    expect(await t.db.selectFrom("bank_questions").where("bankId", "=", id).selectAll().execute()).toEqual(
      [],
    );
  });
});
