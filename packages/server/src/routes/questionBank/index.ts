import type { FastifyInstance, FastifyReply } from "fastify";
import {
  addBankQuestion,
  bankQuestions,
  bankTags,
  deleteBankQuestion,
  deleteBankQuestions,
  moveBankQuestions,
  updateBankQuestion,
} from "../../commands/exams/bank-questions.ts";
import {
  addBank,
  bankFromQuestionnaire,
  deleteBank,
  exportBank,
  importBankQuestions,
  importTemplate,
  listBanks,
  renameBank,
  shareBankForPractice,
} from "../../commands/exams/question-banks.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import {
  addBankInput,
  addBankQuestionInput,
  bankIdInput,
  bankPracticeInput,
  bankQuestionInput,
  bankQuestionListInput,
  bankQuestionsInput,
  fromQuestionaryInput,
  importInput,
  moveBankQuestionsInput,
  updateBankInput,
  updateBankQuestionInput,
} from "./schema.ts";

function sendWorkbook(reply: FastifyReply, body: Buffer, fileName: string, fallback: string): null {
  reply.hijack();
  reply.raw.writeHead(200, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Length": String(body.length),
    "Content-Disposition": contentDisposition(fileName, fallback),
  });
  reply.raw.end(body);
  return null;
}

/** 题库: `/wjgj/api/questionBank/*`, each user's own banks (another user's bank is 题库不存在). */
export function questionBankRoutes(app: FastifyInstance, ctx: AppContext): void {
  const empty = bankIdInput.pick({});
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionBank/getBankList",
    access: "account:use",
    input: empty,
    handler: ({ viewer }) => listBanks(ctx, viewer),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/addBank",
    access: "account:use",
    input: addBankInput,
    handler: ({ viewer, input }) => addBank(ctx, viewer, input.name),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/updateBank",
    access: "account:use",
    input: updateBankInput,
    handler: async ({ viewer, input }) => {
      await renameBank(ctx, viewer, input.id, input.name);
      return null;
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/updateBankPractice",
    access: "account:use",
    input: bankPracticeInput,
    handler: ({ viewer, input }) => shareBankForPractice(ctx, viewer, input.id, input.practiceOpen),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/delBank",
    access: "account:use",
    input: bankIdInput,
    handler: async ({ viewer, input }) => {
      await deleteBank(ctx, viewer, input.id);
      return null;
    },
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionBank/getBankQuestionList",
    access: "account:use",
    input: bankQuestionListInput,
    handler: ({ viewer, input }) => {
      const { id, ...filter } = input;
      return bankQuestions(ctx, viewer, id, filter);
    },
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionBank/getBankTags",
    access: "account:use",
    input: bankIdInput,
    handler: ({ viewer, input }) => bankTags(ctx, viewer, input.id),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/addBankQuestion",
    access: "account:use",
    input: addBankQuestionInput,
    handler: ({ viewer, input }) => addBankQuestion(ctx, viewer, input.id, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/updateBankQuestion",
    access: "account:use",
    input: updateBankQuestionInput,
    handler: ({ viewer, input }) => updateBankQuestion(ctx, viewer, input.id, input.questionId, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/delBankQuestions",
    access: "account:use",
    input: bankQuestionsInput,
    handler: ({ viewer, input }) => deleteBankQuestions(ctx, viewer, input.id, input.questionIds),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/moveBankQuestions",
    access: "account:use",
    input: moveBankQuestionsInput,
    handler: ({ viewer, input }) =>
      moveBankQuestions(ctx, viewer, input.id, input.questionIds, input.toBankId),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/delBankQuestion",
    access: "account:use",
    input: bankQuestionInput,
    handler: async ({ viewer, input }) => {
      await deleteBankQuestion(ctx, viewer, input.id, input.questionId);
      return null;
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/importBankQuestions",
    access: "account:use",
    input: importInput,
    handler: ({ viewer, input }) => importBankQuestions(ctx, viewer, input.id, input.file.data),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionBank/exportBank",
    access: "account:use",
    input: bankIdInput,
    handler: async ({ viewer, input, reply }) => {
      const file = await exportBank(ctx, viewer, input.id);
      return sendWorkbook(reply, file.body, file.fileName, `bank-${input.id}.xlsx`);
    },
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionBank/getImportTemplate",
    access: "account:use",
    input: empty,
    handler: async ({ reply }) =>
      sendWorkbook(reply, await importTemplate(), "题库导入模板.xlsx", "bank-template.xlsx"),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionBank/addBankFromQuestionary",
    access: "account:use",
    input: fromQuestionaryInput,
    handler: ({ viewer, input }) => bankFromQuestionnaire(ctx, viewer, input.questionaryId, input.name),
  });
}
