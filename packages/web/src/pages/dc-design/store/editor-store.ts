import type {
  FieldError,
  Issue,
  Option,
  Question,
  QuestionaryDetail,
  QuestionaryStatus,
  QuestionnaireKind,
  QuestionType,
  SaveQuestionaryResult,
  SurveyDefinition,
  SurveySettings,
} from "@wjgj/core";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { OptionListKey } from "../lib/question-meta.ts";
import * as ops from "./definition-ops.ts";
import { emptyHistory, type History, record, redo, undo } from "./history.ts";
import * as optionOps from "./option-ops.ts";
import { initialSave, type SaveState } from "./save-state.ts";

export interface EditorMeta {
  id: number;
  publicId: string;
  kind: QuestionnaireKind;
  status: QuestionaryStatus;
  hasUnpublishedChanges: boolean;
}

/** What the editor loads: a questionnaire's detail, or a template shaped like one (/dc/createTemplate). */
export type DesignerSource = Pick<
  QuestionaryDetail,
  | "id"
  | "publicId"
  | "kind"
  | "status"
  | "hasUnpublishedChanges"
  | "definition"
  | "version"
  | "updatedAt"
  | "issues"
>;

export interface Snapshot {
  draft: SurveyDefinition;
  selectedId: string | null;
}

type QuestionPatch = Partial<Omit<Question, "id" | "type" | "config">>;

export interface EditorState {
  meta: EditorMeta | null;
  draft: SurveyDefinition | null;
  selectedId: string | null;
  /** Where the next palette click adds when nothing is selected: the top of a page just split off. */
  insertAt: ops.InsertPoint | null;
  history: History<Snapshot>;
  save: SaveState;
  /** checkDefinition's (and parse) issues of the current draft, with paths. */
  issues: Issue[];

  load(detail: DesignerSource): void;
  select(id: string | null): void;
  setMeta(patch: Partial<EditorMeta>): void;
  setIssues(issues: Issue[]): void;

  setTitle(title: string): void;
  setDescription(description: string): void;
  updateSettings(patch: Partial<SurveySettings>): void;
  setComputed(computed: SurveyDefinition["computed"]): void;

  addQuestion(type: QuestionType, at?: ops.InsertPoint): string | null;
  /** 从题库添加: copies inserted where addQuestion would put one (fresh ids, no logic); the new ids, in order. */
  addQuestions(questions: readonly Question[]): string[];
  updateQuestion(id: string, update: (question: Question) => Question, key?: string): void;
  setQuestionTitle(id: string, title: string): void;
  patchQuestion(id: string, patch: QuestionPatch, key?: string): void;
  patchConfig(id: string, patch: Record<string, unknown>, key?: string): void;
  moveQuestion(id: string, to: ops.InsertPoint): void;
  moveQuestionBy(id: string, delta: -1 | 1): void;
  moveToPage(id: string, pageId: string): void;
  duplicate(id: string): string | null;
  remove(id: string): void;

  addPage(afterPageId?: string): string;
  removePage(pageId: string): void;
  updatePage(
    pageId: string,
    patch: { title?: string; description?: string; showIf?: Question["showIf"] },
  ): void;

  addOption(questionId: string, key: OptionListKey, afterIndex?: number): string | null;
  removeOption(questionId: string, key: OptionListKey, optionId: string): void;
  moveOption(questionId: string, key: OptionListKey, from: number, to: number): void;
  updateOption(
    questionId: string,
    key: OptionListKey,
    optionId: string,
    patch: Partial<Omit<Option, "id">>,
  ): void;
  batchAddOptions(questionId: string, key: OptionListKey, text: string, mode: "append" | "replace"): void;
  /** Ticks or unticks a correct answer; `scoring` (when given) becomes the question's rule in the same step. */
  setCorrect(
    questionId: string,
    key: OptionListKey,
    optionId: string,
    correct: boolean,
    scoring?: Question["scoring"],
  ): void;

  undo(): void;
  redo(): void;

  beginSave(): void;
  saveSucceeded(sent: SurveyDefinition, result: SaveQuestionaryResult): void;
  saveConflicted(currentVersion: number): void;
  saveFailed(message: string, fieldErrors?: FieldError[]): void;
  /** 覆盖: the next save goes out against the version that caused the conflict. */
  adoptConflictVersion(): void;
}

/** Drops keys whose patch value is undefined, so clearing a setting removes it from the definition. */
function applyPatch<T extends object>(target: T, patch: Partial<T>): T {
  const next: Record<string, unknown> = { ...target, ...patch };
  for (const [name, value] of Object.entries(patch)) if (value === undefined) delete next[name];
  return next as T;
}

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(now: () => number = Date.now): EditorStore {
  return createStore<EditorState>()((set, get) => {
    /** Applies an edit of the draft: records history, optionally moves the selection. */
    const commit = (next: SurveyDefinition, options: { key?: string; select?: string | null } = {}) => {
      const { draft, selectedId, history } = get();
      if (!draft || next === draft) return;
      set({
        draft: next,
        history: record(history, { draft, selectedId }, options.key ?? null, now()),
        selectedId: options.select === undefined ? selectedId : options.select,
      });
    };
    const edit = (change: (draft: SurveyDefinition) => SurveyDefinition, key?: string) => {
      const draft = get().draft;
      if (draft) commit(change(draft), { key });
    };
    /**
     * Where something added goes: after the selected question, else at the remembered insert point (the
     * start of a page a page break made; `cursor`, to be cleared once used), else at the end.
     */
    const insertPoint = (draft: SurveyDefinition) => {
      const { selectedId, insertAt } = get();
      const cursor = insertAt && draft.pages.some((page) => page.id === insertAt.pageId) ? insertAt : null;
      const point = selectedId
        ? ops.insertPointAfter(draft, selectedId)
        : (cursor ?? ops.insertPointAfter(draft, null));
      return { point, cursor };
    };

    return {
      meta: null,
      draft: null,
      selectedId: null,
      insertAt: null,
      history: emptyHistory(),
      save: initialSave,
      issues: [],

      load: (detail) =>
        set({
          meta: {
            id: detail.id,
            publicId: detail.publicId,
            kind: detail.kind,
            status: detail.status,
            hasUnpublishedChanges: detail.hasUnpublishedChanges,
          },
          draft: detail.definition,
          selectedId: null,
          insertAt: null,
          history: emptyHistory(),
          save: {
            ...initialSave,
            version: detail.version,
            saved: detail.definition,
            savedAt: detail.updatedAt,
          },
          issues: detail.issues,
        }),
      select: (id) => {
        if (get().selectedId !== id)
          set({ selectedId: id, insertAt: null, history: { ...get().history, lastKey: null } });
      },
      setMeta: (patch) => {
        const meta = get().meta;
        if (meta) set({ meta: { ...meta, ...patch } });
      },
      setIssues: (issues) => set({ issues }),

      setTitle: (title) => edit((d) => (d.title === title ? d : { ...d, title }), "survey-title"),
      setDescription: (description) =>
        edit((d) => (d.description === description ? d : { ...d, description }), "survey-description"),
      updateSettings: (patch) => edit((d) => ({ ...d, settings: applyPatch(d.settings, patch) })),
      setComputed: (computed) => edit((d) => ({ ...d, computed })),

      addQuestion: (type, at) => {
        const draft = get().draft;
        if (!draft) return null;
        const { point: defaultPoint, cursor } = insertPoint(draft);
        const result = ops.addQuestion(draft, type, at ?? defaultPoint);
        if (result.pageId) {
          // Questions added after a page break belong on the new page, so it becomes the insert point.
          commit(result.definition, { select: null });
          set({ insertAt: { pageId: result.pageId, index: 0 } });
          return null;
        }
        commit(result.definition, result.questionId ? { select: result.questionId } : {});
        if (result.questionId && cursor) set({ insertAt: null });
        return result.questionId;
      },
      addQuestions: (questions) => {
        const draft = get().draft;
        if (!draft) return [];
        const { point, cursor } = insertPoint(draft);
        const result = ops.insertQuestions(draft, questions, point);
        if (result.questionIds.length === 0) return [];
        commit(result.definition, { select: result.questionIds.at(-1) ?? null });
        if (cursor) set({ insertAt: null });
        return result.questionIds;
      },
      updateQuestion: (id, update, key) => edit((d) => ops.mapQuestion(d, id, update), key),
      setQuestionTitle: (id, title) =>
        edit((d) => ops.mapQuestion(d, id, (q) => ops.retitle(q, title)), `title:${id}`),
      patchQuestion: (id, patch, key) =>
        edit((d) => ops.mapQuestion(d, id, (q) => applyPatch(q, patch as Partial<Question>)), key),
      patchConfig: (id, patch, key) =>
        edit(
          (d) =>
            ops.mapQuestion(
              d,
              id,
              (q) => ({ ...q, config: applyPatch(q.config as Record<string, unknown>, patch) }) as Question,
            ),
          key,
        ),
      moveQuestion: (id, to) => edit((d) => ops.moveQuestion(d, id, to)),
      moveQuestionBy: (id, delta) => edit((d) => ops.moveQuestionBy(d, id, delta)),
      moveToPage: (id, pageId) => edit((d) => ops.moveQuestionToPage(d, id, pageId)),
      duplicate: (id) => {
        const draft = get().draft;
        if (!draft) return null;
        const result = ops.duplicateQuestion(draft, id);
        commit(result.definition, { select: result.questionId });
        return result.questionId;
      },
      remove: (id) => {
        const draft = get().draft;
        if (!draft) return;
        commit(ops.removeQuestion(draft, id), get().selectedId === id ? { select: null } : {});
      },

      addPage: (afterPageId) => {
        const draft = get().draft;
        if (!draft) return "";
        const result = ops.addPage(draft, afterPageId);
        commit(result.definition);
        return result.pageId;
      },
      removePage: (pageId) => edit((d) => ops.removePage(d, pageId)),
      updatePage: (pageId, patch) => edit((d) => ops.updatePage(d, pageId, patch), `page:${pageId}`),

      addOption: (questionId, key, afterIndex) => {
        const draft = get().draft;
        if (!draft) return null;
        const result = optionOps.addOption(draft, questionId, key, { afterIndex });
        commit(result.definition);
        return result.optionId;
      },
      removeOption: (questionId, key, optionId) =>
        edit((d) => optionOps.removeOption(d, questionId, key, optionId)),
      moveOption: (questionId, key, from, to) =>
        edit((d) => optionOps.moveOption(d, questionId, key, from, to)),
      updateOption: (questionId, key, optionId, patch) =>
        edit(
          (d) => optionOps.updateOption(d, questionId, key, optionId, patch),
          "label" in patch ? `option:${questionId}:${key}:${optionId}` : undefined,
        ),
      batchAddOptions: (questionId, key, text, mode) =>
        edit((d) => optionOps.batchAddOptions(d, questionId, key, text, mode)),
      setCorrect: (questionId, key, optionId, correct, scoring) =>
        edit((d) => {
          const ticked = optionOps.updateOption(d, questionId, key, optionId, {
            correct: correct || undefined,
          });
          return scoring ? ops.mapQuestion(ticked, questionId, (q) => ({ ...q, scoring })) : ticked;
        }),

      undo: () => {
        const { draft, selectedId, history } = get();
        const result = draft ? undo(history, { draft, selectedId }) : null;
        if (result) set({ ...result.state, history: result.history });
      },
      redo: () => {
        const { draft, selectedId, history } = get();
        const result = draft ? redo(history, { draft, selectedId }) : null;
        if (result) set({ ...result.state, history: result.history });
      },

      beginSave: () => set({ save: { ...get().save, phase: "saving" } }),
      saveSucceeded: (sent, result) => {
        const meta = get().meta;
        set({
          save: {
            ...get().save,
            version: result.version,
            saved: sent,
            phase: "idle",
            conflictVersion: null,
            error: null,
            fieldErrors: [],
            savedAt: result.updatedAt,
          },
          meta: meta ? { ...meta, hasUnpublishedChanges: result.hasUnpublishedChanges } : meta,
        });
      },
      saveConflicted: (currentVersion) =>
        set({ save: { ...get().save, phase: "conflict", conflictVersion: currentVersion } }),
      saveFailed: (message, fieldErrors = []) =>
        set({ save: { ...get().save, phase: "error", error: message, fieldErrors } }),
      adoptConflictVersion: () => {
        const save = get().save;
        if (save.phase !== "conflict" || save.conflictVersion === null) return;
        set({ save: { ...save, version: save.conflictVersion, conflictVersion: null, phase: "idle" } });
      },
    };
  });
}
