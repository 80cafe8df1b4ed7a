import {
  type BankDifficulty,
  bankDifficulties,
  bankTypeNames,
  checkBankQuestion,
  definitionSchema,
  type Question,
  type QuestionType,
} from "@wjgj/core";
import { Alert, App, Button, Drawer, Segmented, Select } from "antd";
import { useEffect, useState } from "react";
import { ApiError } from "../../../api/errors.ts";
import { type BankItem, useSaveBankQuestionMutation } from "../../../api/question-banks.ts";
import { BatchAddDialog } from "../../dc-design/components/canvas/batch-add-dialog.tsx";
import { InlineRichText } from "../../dc-design/components/canvas/inline-rich-text.tsx";
import { QuestionBody } from "../../dc-design/components/canvas/question-body.tsx";
import { ConfigForm } from "../../dc-design/components/settings/config-form.tsx";
import { OptionSettings } from "../../dc-design/components/settings/option-settings.tsx";
import { ruleFor, ScoringSettings } from "../../dc-design/components/settings/scoring-settings.tsx";
import { createQuestion } from "../../dc-design/lib/question-meta.ts";
import { findQuestion } from "../../dc-design/store/definition-ops.ts";
import { useUi } from "../../dc-design/store/ui-store.ts";
import { editorActions, useEditor } from "../../dc-design/store/use-editor.ts";
import "../../dc-design/dc-design.css";

type BankType = keyof typeof bankTypeNames;
const bankTypes = Object.keys(bankTypeNames) as BankType[];

/** What the editor is open on: a stored question, or a new one for the bank. */
export type EditorTarget = { bankId: number; item: BankItem | null };

/** A new bank question of `type`: the designer's defaults, an empty title and a 5-point key to fill in. */
function freshQuestion(type: BankType): Question {
  const question = createQuestion(type as QuestionType, "q1") as Question;
  const mode = type === "multiple" ? "allOrNothing" : type === "text" ? "text" : "single";
  return {
    ...question,
    title: "",
    scoring: { ...ruleFor(mode, undefined, question), points: 5 },
  } as Question;
}

/**
 * The question goes into the designer's own store as a one-question exam (the designer is never open beside
 * this page, and it reloads the store whenever it opens), so the designer's editors work on it unchanged:
 * the title and option editors of the canvas, the type's settings, 选项设置 with 正确答案, and 计分 with
 * 分值, 参考答案 and 答案解析.
 */
function loadIntoDesigner(question: Question) {
  const definition = definitionSchema.parse({
    schemaVersion: 1,
    kind: "exam",
    title: "题库",
    pages: [{ id: "p1", questions: [question] }],
  });
  const actions = editorActions();
  actions.load({
    id: 0,
    publicId: "",
    kind: "exam",
    status: "draft",
    hasUnpublishedChanges: false,
    definition,
    version: 0,
    updatedAt: "",
    issues: [],
  });
  actions.select(question.id);
}

function useEditedQuestion(): Question | undefined {
  return useEditor((state) =>
    state.draft && state.selectedId ? findQuestion(state.draft, state.selectedId) : undefined,
  );
}

function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return "保存失败，请稍后重试";
  const rows = (error.data as { errors?: { message: string }[] } | null)?.errors ?? [];
  return rows[0]?.message ?? error.message;
}

/** 添加题目 / 编辑题目: the designer's editors for one bank question, plus its tags and difficulty. */
export function BankQuestionEditor({ target, onClose }: { target: EditorTarget | null; onClose(): void }) {
  const { message } = App.useApp();
  const [session, setSession] = useState(0);
  const [type, setType] = useState<BankType>("single");
  const [tags, setTags] = useState<string[]>([]);
  const [difficulty, setDifficulty] = useState<BankDifficulty>(1);
  const [serverError, setServerError] = useState<string | null>(null);
  const question = useEditedQuestion();
  const dialog = useUi((state) => state.dialog);
  const save = useSaveBankQuestionMutation();
  const item = target?.item ?? null;

  useEffect(() => {
    if (!target) return;
    const start = target.item ? target.item.question : freshQuestion("single");
    loadIntoDesigner(start);
    setType(start.type as BankType);
    setTags(target.item?.tags ?? []);
    setDifficulty(target.item?.difficulty ?? 1);
    setServerError(null);
    setSession((n) => n + 1);
  }, [target]);

  const handleType = (next: BankType) => {
    setType(next);
    // Another type starts from its own defaults, keeping what was already written above and below them.
    const { title = "", explanation } = question ?? {};
    loadIntoDesigner({ ...freshQuestion(next), title, ...(explanation ? { explanation } : {}) } as Question);
    setSession((n) => n + 1);
  };

  const check = question ? checkBankQuestion(question) : null;
  const handleSave = () => {
    if (!target || !question || !check?.ok) return;
    setServerError(null);
    save.mutate([target.bankId, item?.id ?? null, { question, tags, difficulty }], {
      onSuccess: () => {
        void message.success(item ? "题目已保存" : "题目已添加");
        onClose();
      },
      onError: (error) => setServerError(errorText(error)),
    });
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={item ? "编辑题目" : "添加题目"}
      size="min(720px, 100vw)"
      rootClassName="qb-editor-drawer"
      destroyOnHidden
      footer={
        <div className="qb-editor__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={!check?.ok} onClick={handleSave}>
            保存
          </Button>
        </div>
      }
    >
      {question && (
        <div className="qb-editor" key={session} data-testid="bank-question-editor">
          {!item && (
            <div className="qb-editor__row">
              <span className="qb-label">题型</span>
              <Segmented<BankType>
                aria-label="题型"
                value={type}
                options={bankTypes.map((value) => ({ value, label: bankTypeNames[value] }))}
                onChange={handleType}
              />
            </div>
          )}
          <section className="qb-editor__canvas" aria-label="题目与选项">
            <InlineRichText
              ariaLabel="题目标题"
              value={question.title}
              placeholder="请输入题目"
              autoFocus={!item}
              onChange={(html) => editorActions().setQuestionTitle(question.id, html)}
            />
            <div className="dd-card__body">
              <QuestionBody question={question} selected />
            </div>
          </section>
          <div className="qb-editor__row">
            <span className="qb-label">难度</span>
            <Segmented<BankDifficulty>
              aria-label="难度"
              value={difficulty}
              options={bankDifficulties.map((label, i) => ({ value: (i + 1) as BankDifficulty, label }))}
              onChange={setDifficulty}
            />
          </div>
          <div className="qb-editor__row qb-editor__row--block">
            <span className="qb-label">标签</span>
            <Select
              mode="tags"
              open={false}
              aria-label="标签"
              placeholder="输入标签后按回车，最多10个"
              value={tags}
              maxCount={10}
              onChange={(next: string[]) =>
                setTags(next.map((tag) => tag.trim().slice(0, 20)).filter(Boolean))
              }
            />
          </div>
          <div className="dd-settings qb-editor__settings">
            <ConfigForm question={question} />
            <OptionSettings question={question} />
            <ScoringSettings question={question} />
          </div>
          {check && !check.ok && (
            <Alert type="warning" showIcon title={`保存前请修改：${check.message}`} role="status" />
          )}
          {serverError && <Alert type="error" showIcon title={serverError} />}
          {dialog?.kind === "batchAdd" && (
            <BatchAddDialog questionId={dialog.questionId} listKey={dialog.listKey} />
          )}
        </div>
      )}
    </Drawer>
  );
}
