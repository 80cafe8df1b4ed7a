import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  BankDifficulty,
  BankQuestion,
  BankQuestionFilter,
  Question,
  QuestionarySummary,
} from "@wjgj/core";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { http } from "./request.ts";

/** The bank page (我的题库). */
export const QUESTION_BANK_PATH = "/dc/questionBank";

/**
 * What 我的问卷's 存入题库 hands the bank page (as the history entry's state): 从问卷导入 opens with this
 * questionnaire chosen.
 */
export interface BankPageState {
  bankFrom?: QuestionarySummary;
}

export interface BankSummary {
  id: number;
  name: string;
  /** /practice/{id} while the bank is shared for practice, else null. */
  practicePublicId: string | null;
  questionCount: number;
  updatedAt: string;
}
export type BankItem = BankQuestion & { id: number };
export interface BankTag {
  tag: string;
  count: number;
}
/** What the bank question editor saves: the question as the designer's editors built it, tags, difficulty. */
export interface BankItemDraft {
  question: Question;
  tags: string[];
  difficulty: BankDifficulty;
}

/** 题库 calls (`/wjgj/api/questionBank/*`). */
export const questionBankApi = {
  getBankList: () => http.get<BankSummary[]>("questionBank/getBankList"),
  addBank: (name: string) => http.post<BankSummary>("questionBank/addBank", { name }),
  updateBankPractice: (id: number, practiceOpen: boolean) =>
    http.post<{ practicePublicId: string | null }>("questionBank/updateBankPractice", { id, practiceOpen }),
  delBank: (id: number) => http.post<null>("questionBank/delBank", { id }),
  /** 从问卷导入: a new bank of the questionnaire's questions that have a key (the questionnaire is unchanged). */
  addBankFromQuestionary: (questionaryId: number, name: string) =>
    http.post<BankSummary>("questionBank/addBankFromQuestionary", { questionaryId, name }),
  getBankQuestionList: (id: number, filter: BankQuestionFilter = {}) =>
    http.get<BankItem[]>("questionBank/getBankQuestionList", { id, ...filter }),
  getBankTags: (id: number) => http.get<BankTag[]>("questionBank/getBankTags", { id }),
  addBankQuestion: (id: number, draft: BankItemDraft) =>
    http.postJson<BankItem>("questionBank/addBankQuestion", { id, ...draft }),
  updateBankQuestion: (id: number, questionId: number, draft: BankItemDraft) =>
    http.postJson<BankItem>("questionBank/updateBankQuestion", { id, questionId, ...draft }),
  delBankQuestions: (id: number, questionIds: number[]) =>
    http.postJson<{ deleted: number }>("questionBank/delBankQuestions", { id, questionIds }),
  moveBankQuestions: (id: number, questionIds: number[], toBankId: number) =>
    http.postJson<{ moved: number }>("questionBank/moveBankQuestions", { id, questionIds, toBankId }),
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
  questions: (id: number, filter: BankQuestionFilter = {}) =>
    ["questionBank", "questions", id, filter] as const,
  tags: (id: number) => ["questionBank", "tags", id] as const,
};

/** A bank mutation that refreshes every bank query (lists, counts, tags) when it succeeds. */
function useBankMutation<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(...args),
    onSuccess: () => client.invalidateQueries({ queryKey: ["questionBank"] }),
  });
}

export const useSaveBankQuestionMutation = () =>
  useBankMutation((bankId: number, questionId: number | null, draft: BankItemDraft) =>
    questionId === null
      ? questionBankApi.addBankQuestion(bankId, draft)
      : questionBankApi.updateBankQuestion(bankId, questionId, draft),
  );
export const useDeleteBankQuestionsMutation = () => useBankMutation(questionBankApi.delBankQuestions);
export const useMoveBankQuestionsMutation = () => useBankMutation(questionBankApi.moveBankQuestions);
export const useBankFromQuestionaryMutation = () => useBankMutation(questionBankApi.addBankFromQuestionary);
