import type { BankQuestion } from "@wjgj/core";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { http } from "./request.ts";

export interface BankSummary {
  id: number;
  name: string;
  /** /practice/{id} while the bank is shared for practice, else null. */
  practicePublicId: string | null;
  questionCount: number;
  updatedAt: string;
}
export type BankItem = BankQuestion & { id: number };

/** 题库 calls (`/wjgj/api/questionBank/*`). */
export const questionBankApi = {
  getBankList: () => http.get<BankSummary[]>("questionBank/getBankList"),
  addBank: (name: string) => http.post<BankSummary>("questionBank/addBank", { name }),
  updateBankPractice: (id: number, practiceOpen: boolean) =>
    http.post<{ practicePublicId: string | null }>("questionBank/updateBankPractice", { id, practiceOpen }),
  delBank: (id: number) => http.post<null>("questionBank/delBank", { id }),
  getBankQuestionList: (id: number) => http.get<BankItem[]>("questionBank/getBankQuestionList", { id }),
  importBankQuestions: (id: number, file: File) => {
    const form = new FormData();
    form.append("id", String(id));
    form.append("file", file);
    return http.postMultipart<{ imported: number }>("questionBank/importBankQuestions", form);
  },
  exportBank: async (bank: BankSummary) =>
    saveBlob(
      await fetchProtectedBlob(`/wjgj/api/questionBank/exportBank?id=${bank.id}`),
      `${bank.name}.xlsx`,
    ),
  downloadTemplate: async () =>
    saveBlob(await fetchProtectedBlob("/wjgj/api/questionBank/getImportTemplate"), "题库导入模板.xlsx"),
};

export const questionBankKeys = {
  list: () => ["questionBank", "list"] as const,
  questions: (id: number) => ["questionBank", "questions", id] as const,
};
