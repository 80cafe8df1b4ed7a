import type { OptionSource, Question, SelectConnect, SurveyDefinition } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { writeDraft } from "./drafts.ts";
import { loadQuestionnaire, readDefinition } from "./store.ts";

/**
 * The seed's logic calls (跳题、显示、选项关联、引用选项) as atomic edits of one question's logic in the
 * draft. The designer saves whole definitions; these serve other clients and keep the same checks.
 */
function allQuestions(definition: SurveyDefinition): Question[] {
  return definition.pages.flatMap((page) => page.questions);
}

export function findQuestion(definition: SurveyDefinition, questionId: string): Question {
  const question = allQuestions(definition).find((q) => q.id === questionId);
  if (!question) throw InvalidInputError.field("questionId", "questionNotFound");
  return question;
}

function withQuestion(
  definition: SurveyDefinition,
  questionId: string,
  change: (q: Question) => Question,
): SurveyDefinition {
  findQuestion(definition, questionId);
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.map((q) => (q.id === questionId ? change(q) : q)),
    })),
  };
}

function optionsOf(question: Question): { id: string; label: string }[] | null {
  const options = (question.config as { options?: unknown }).options;
  if (!Array.isArray(options)) return null;
  return options.map((o: { id: string; label: string }) => ({ id: o.id, label: o.label }));
}

/** Choice questions before `questionId` (all of them without it): the sources logic may refer to. */
export function earlierChoiceQuestions(definition: SurveyDefinition, questionId?: string) {
  const questions = allQuestions(definition);
  const end = questionId ? questions.findIndex((q) => q.id === questionId) : questions.length;
  return questions.slice(0, end < 0 ? questions.length : end).flatMap((q) => {
    const options = optionsOf(q);
    return options ? [{ questionId: q.id, title: q.title, type: q.type, options }] : [];
  });
}

export async function readDraft(ctx: AppContext, viewer: Viewer, id: number): Promise<SurveyDefinition> {
  return readDefinition((await loadQuestionnaire(ctx.db, viewer, id, "read")).draft);
}

export interface LogicEdit {
  id: number;
  questionId: string;
  baseVersion?: number | undefined;
}

async function editQuestion(
  ctx: AppContext,
  viewer: Viewer,
  edit: LogicEdit,
  change: (q: Question) => Question,
) {
  const { row, issues } = await writeDraft(ctx, viewer, edit.id, edit.baseVersion, (current) =>
    withQuestion(current, edit.questionId, change),
  );
  return { version: row.version, issues };
}

export function deleteJump(
  ctx: AppContext,
  viewer: Viewer,
  edit: LogicEdit & { index?: number | undefined },
) {
  return editQuestion(ctx, viewer, edit, (q) => {
    const jumps = q.jumps ?? [];
    if (edit.index === undefined) return { ...q, jumps: undefined };
    if (edit.index >= jumps.length) throw InvalidInputError.field("index", "jumpIndexInvalid");
    return { ...q, jumps: jumps.filter((_, i) => i !== edit.index) };
  });
}

export function deleteShowCondition(ctx: AppContext, viewer: Viewer, edit: LogicEdit) {
  return editQuestion(ctx, viewer, edit, (q) => ({ ...q, showIf: undefined }));
}

export function setSelectConnect(
  ctx: AppContext,
  viewer: Viewer,
  edit: LogicEdit & { selectConnect: SelectConnect | undefined; mode: "add" | "update" | "delete" },
) {
  return editQuestion(ctx, viewer, edit, (q) => {
    if (edit.mode === "add" && q.selectConnect) throw new ConflictError("selectConnectExists");
    if (edit.mode === "update" && !q.selectConnect) throw new NotFoundError("selectConnectMissing");
    return { ...q, selectConnect: edit.selectConnect };
  });
}

export function setOptionSource(
  ctx: AppContext,
  viewer: Viewer,
  edit: LogicEdit & { optionSource: OptionSource | null },
) {
  return editQuestion(ctx, viewer, edit, (q) => ({ ...q, optionSource: edit.optionSource ?? undefined }));
}
