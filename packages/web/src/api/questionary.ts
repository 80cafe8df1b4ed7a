import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Condition,
  Issue,
  Jump,
  OptionSource,
  QuestionaryDetail,
  QuestionaryKindInfo,
  QuestionarySettings,
  QuestionarySettingsInput,
  QuestionarySort,
  QuestionaryStatus,
  QuestionarySummary,
  QuestionnaireKind,
  QuestionType,
  RetentionReport,
  SaveQuestionaryResult,
  SelectConnect,
  SurveyDefinition,
} from "@wjgj/core";
import type { Page } from "./admin.ts";
import { type CallOptions, http } from "./request.ts";

export type { Page } from "./admin.ts";

/** Filters of `questionary/getQuestionaryList`; empty strings and undefined are left out of the query. */
export interface QuestionaryListQuery {
  pageNum: number;
  pageSize: number;
  title?: string;
  kind?: QuestionnaireKind | "";
  status?: QuestionaryStatus | "";
  sort?: QuestionarySort;
  /** 星标问卷 only. */
  starred?: boolean;
}

/** Filters of the recycle bin (`questionary/getHSZQuestionaryList`). */
export interface RecycleListQuery {
  pageNum: number;
  pageSize: number;
  title?: string;
}

export interface AddQuestionaryInput {
  kind: QuestionnaireKind;
  title: string;
  /** A full definition (e.g. from text import); the server overwrites its kind and title. */
  definition?: SurveyDefinition;
}

export interface SaveQuestionaryInput {
  id: number;
  definition: SurveyDefinition;
  baseVersion: number;
}

/** Data of a 409 from saveQuestionary or a logic call with a stale baseVersion. */
export interface VersionConflictData {
  currentVersion: number;
}

/** What every logic call on the draft answers: the draft's new version and what checkDefinition says now. */
export interface DraftVersion {
  version: number;
  issues: Issue[];
}

export interface QuestionJumpDetail {
  questionId: string;
  jumps: Jump[];
}

export interface ShowListItem {
  questionId: string;
  title: string;
  showIf: Condition;
}

export interface ShowDetail {
  questionId: string;
  title: string;
  showIf: Condition | null;
}

export interface SelectConnectListItem {
  questionId: string;
  title: string;
  selectConnect: SelectConnect;
}

/** An earlier choice question that can feed select-connect or select-join. */
export interface SourceQuestion {
  questionId: string;
  title: string;
  type: QuestionType;
  options: { id: string; label: string }[];
}

export interface SelectJoinDetail {
  current: OptionSource | null;
  sources: SourceQuestion[];
}

/** Every logic call takes the questionnaire id; `baseVersion` turns a stale edit into a 409. */
interface LogicTarget {
  id: number;
  questionId: string;
  baseVersion?: number;
}

/** Client of the creator-area calls (/tmp/questionary-api.md; types from @wjgj/core). */
export const questionaryApi = {
  getKindList: (options?: CallOptions) =>
    http.get<QuestionaryKindInfo[]>("questionaryType/onelist", {}, options),
  getKindInfo: (kind?: QuestionnaireKind) =>
    http.get<QuestionaryKindInfo[]>("questionaryType/list", { kind }),

  addQuestionary: (input: AddQuestionaryInput) =>
    http.postJson<QuestionaryDetail>("questionary/addQuestionary", input),
  getQuestionaryList: (query: QuestionaryListQuery, options?: CallOptions) =>
    http.get<Page<QuestionarySummary>>("questionary/getQuestionaryList", { ...query }, options),
  getQuestionaryDetail: (id: number, options?: CallOptions) =>
    http.get<QuestionaryDetail>("questionary/getQuestionaryDetail", { id }, options),
  /** 409 (data: VersionConflictData) when the draft changed since `baseVersion`; 400 with paths when invalid. */
  saveQuestionary: (input: SaveQuestionaryInput, options?: CallOptions) =>
    http.postJson<SaveQuestionaryResult>("questionary/saveQuestionary", input, options),
  copyQuestionary: (id: number) => http.post<QuestionarySummary>("questionary/copyQuestionary", { id }),
  starQuestionary: ({ id, starred }: { id: number; starred: boolean }) =>
    http.post<QuestionarySummary>("questionary/starQuestionary", { id, starred }),
  delQuestionary: (id: number) => http.post<null>("questionary/delQuestionary", { id }),
  getRecycleList: (query: RecycleListQuery, options?: CallOptions) =>
    http.get<Page<QuestionarySummary>>("questionary/getHSZQuestionaryList", { ...query }, options),
  recoverQuestionary: (id: number) => http.post<null>("questionary/recoverQuestionary", { id }),
  thoroughDelQuestionary: (id: number) => http.post<null>("questionary/thoroughDelQuestionary", { id }),
  releaseQuestionary: (id: number) => http.post<QuestionarySummary>("questionary/releaseQuestionary", { id }),
  stopQuestionary: (id: number) => http.post<QuestionarySummary>("questionary/stopQuestionary", { id }),
  questionaryToCollect: (id: number) =>
    http.postJson<QuestionarySummary>("questionary/questionaryToCollect", { id }),
  getQuestionarySet: (id: number, options?: CallOptions) =>
    http.get<QuestionarySettings>("questionary/getQuestionarySet", { id }, options),
  getRetention: (id: number, options?: CallOptions) =>
    http.get<RetentionReport>("questionary/getRetention", { id }, options),
  /** `base`: what the changed settings were when last seen; a 409 when another window changed one since. */
  updateQuestionarySet: (
    id: number,
    settings: Partial<QuestionarySettingsInput>,
    base?: Partial<QuestionarySettingsInput>,
  ) =>
    http.postJson<QuestionarySettings>("questionary/updateQuestionarySet", {
      id,
      settings,
      ...(base ? { base } : {}),
    }),
  /** The creator's 页眉图片 through upload/upload (`purpose` tells it from a respondent's file). */
  /** A picture of the questionnaire's own: its 页眉图片 or a prize's picture (upload/upload). */
  uploadQuestionnaireImage: (
    id: number,
    purpose: "headerImage" | "prizeImage" | "shareImage" | "productImage",
    file: File,
  ) => {
    const form = new FormData();
    form.set("id", String(id));
    form.set("purpose", purpose);
    form.set("file", file);
    return http.postMultipart<{ url: string; path: string }>("upload/upload", form);
  },

  getConditionDetail: (id: number, questionId: string) =>
    http.get<QuestionJumpDetail>("questionJump/getConditionDetail", { id, questionId }),
  /** Without `index` every jump of the question goes. */
  delCondition: (target: LogicTarget & { index?: number }) =>
    http.post<DraftVersion>("questionJump/delCondition", { ...target }),

  getShowList: (id: number) => http.get<ShowListItem[]>("showQuestion/getShowList", { id }),
  getShowDetail: (id: number, questionId: string) =>
    http.get<ShowDetail>("showQuestion/getShowDetail", { id, questionId }),
  delShow: (target: LogicTarget) => http.post<DraftVersion>("showQuestion/delShow", { ...target }),

  getSelectConnectList: (id: number) =>
    http.get<SelectConnectListItem[]>("selectConnect/getSelectConnectList", { id }),
  getSourceQuestions: (id: number, questionId?: string) =>
    http.get<SourceQuestion[]>("selectConnect/getQuestionList", { id, questionId }),
  addConnect: (target: LogicTarget & { selectConnect: SelectConnect }) =>
    http.postJson<DraftVersion>("selectConnect/addConnect", target),
  updateConnect: (target: LogicTarget & { selectConnect: SelectConnect }) =>
    http.postJson<DraftVersion>("selectConnect/updateConnect", target),
  delSelectConnect: (target: LogicTarget) =>
    http.post<DraftVersion>("selectConnect/delSelectConnectList", { ...target }),

  getSelectJoinQuestionList: (id: number, questionId: string) =>
    http.get<SelectJoinDetail>("questionSelectJoin/getSelectJoinQuestionList", { id, questionId }),
  /** `optionSource: null` removes the select-join. */
  addQuestionSelectJoin: (target: LogicTarget & { optionSource: OptionSource | null }) =>
    http.postJson<DraftVersion>("questionSelectJoin/addQuestionSelectJoin", target),
};

export const questionaryKeys = {
  all: ["questionary"] as const,
  kinds: () => [...questionaryKeys.all, "kinds"] as const,
  lists: () => [...questionaryKeys.all, "list"] as const,
  list: (query: QuestionaryListQuery) => [...questionaryKeys.lists(), query] as const,
  recycleLists: () => [...questionaryKeys.all, "recycle"] as const,
  recycleList: (query: RecycleListQuery) => [...questionaryKeys.recycleLists(), query] as const,
  details: () => [...questionaryKeys.all, "detail"] as const,
  detail: (id: number) => [...questionaryKeys.details(), id] as const,
  settings: (id: number) => [...questionaryKeys.all, "settings", id] as const,
};

export function useQuestionaryKinds() {
  // The six kinds are fixed per release.
  return useQuery({
    queryKey: questionaryKeys.kinds(),
    queryFn: () => questionaryApi.getKindList(),
    staleTime: Infinity,
  });
}

export function useQuestionaryList(query: QuestionaryListQuery) {
  return useQuery({
    queryKey: questionaryKeys.list(query),
    queryFn: ({ signal }) => questionaryApi.getQuestionaryList(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecycleList(query: RecycleListQuery, enabled = true) {
  return useQuery({
    queryKey: questionaryKeys.recycleList(query),
    queryFn: ({ signal }) => questionaryApi.getRecycleList(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `quietForbidden` for a screen that shows a refusal as its own state, without the permission box. */
export function useQuestionaryDetail(id: number | null, options: { quietForbidden?: boolean } = {}) {
  return useQuery({
    queryKey: questionaryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => questionaryApi.getQuestionaryDetail(id ?? 0, { ...options, signal }),
    enabled: id !== null && id > 0,
  });
}

export function useQuestionarySettings(id: number | null) {
  return useQuery({
    queryKey: questionaryKeys.settings(id ?? 0),
    queryFn: ({ signal }) => questionaryApi.getQuestionarySet(id ?? 0, { signal }),
    enabled: id !== null && id > 0,
  });
}

/** A mutation that refreshes the list, the recycle bin and the questionnaire's detail when it succeeds. */
function useListMutation<TInput, TData>(
  mutationFn: (input: TInput) => Promise<TData>,
  idOf: (input: TInput) => number | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_data, input) => {
      const id = idOf(input);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: questionaryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: questionaryKeys.recycleLists() }),
        // 共享给我的 (api/teams.ts's keys) shows the same questionnaires to their team members.
        queryClient.invalidateQueries({ queryKey: ["team"] }),
        id === null ? undefined : queryClient.invalidateQueries({ queryKey: questionaryKeys.detail(id) }),
      ]);
    },
  });
}

const byId = (id: number) => id;

export function useAddQuestionaryMutation() {
  return useListMutation(
    (input: AddQuestionaryInput) => questionaryApi.addQuestionary(input),
    () => null,
  );
}

export function useCopyQuestionaryMutation() {
  return useListMutation(questionaryApi.copyQuestionary, () => null);
}

/** 星标 on or off in 我的问卷. */
export function useStarQuestionaryMutation() {
  return useListMutation(questionaryApi.starQuestionary, ({ id }) => id);
}

export function useDelQuestionaryMutation() {
  return useListMutation(questionaryApi.delQuestionary, byId);
}

export function useRecoverQuestionaryMutation() {
  return useListMutation(questionaryApi.recoverQuestionary, byId);
}

export function useThoroughDelQuestionaryMutation() {
  return useListMutation(questionaryApi.thoroughDelQuestionary, byId);
}

export function useReleaseQuestionaryMutation() {
  return useListMutation(questionaryApi.releaseQuestionary, byId);
}

export function useStopQuestionaryMutation() {
  return useListMutation(questionaryApi.stopQuestionary, byId);
}

export function useQuestionaryToCollectMutation() {
  return useListMutation(questionaryApi.questionaryToCollect, byId);
}

/** Saving keeps the detail cache in place (the designer owns the draft); only the lists go stale. */
export function useSaveQuestionaryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveQuestionaryInput) => questionaryApi.saveQuestionary(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionaryKeys.lists() }),
  });
}

export function useUpdateQuestionarySetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; settings: Partial<QuestionarySettingsInput> }) =>
      questionaryApi.updateQuestionarySet(v.id, v.settings),
    onSuccess: (settings, v) => queryClient.setQueryData(questionaryKeys.settings(v.id), settings),
  });
}
