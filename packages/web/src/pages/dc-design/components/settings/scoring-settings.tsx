import { getQuestionType, isGradedKind, type Question, type ScoringRule, scoringModeNames } from "@wjgj/core";
import { Input, InputNumber, Select } from "antd";
import { editorActions, useEditor } from "../../store/use-editor.ts";

/**
 * A fresh rule of `mode`, carrying the points over from the previous rule when it had any. Accepted answers
 * start empty: the problems list asks for them before publishing (no made-up answer to forget).
 */
export function ruleFor(
  mode: ScoringRule["mode"],
  previous: ScoringRule | undefined,
  question: Question,
): ScoringRule {
  const points = previous && "points" in previous ? previous.points : 2;
  switch (mode) {
    case "partial":
    case "partialNoWrong":
      return { mode, points, perOption: 1 };
    case "perOption":
      return { mode };
    case "text":
      return { mode, points, accepted: [], match: "exact", ignoreCase: true, ignoreSpaces: true };
    case "blanks": {
      const blanks = "blanks" in question.config ? (question.config.blanks as { id: string }[]) : [];
      return {
        mode,
        pointsPerBlank: 1,
        accepted: Object.fromEntries(blanks.map((blank) => [blank.id, []])),
        match: "exact",
        ignoreCase: true,
        ignoreSpaces: true,
      };
    }
    default:
      return { mode, points };
  }
}

/**
 * The rule an exam question gets when its first correct answer is ticked: 唯一正确答案 for pick-one types,
 * 全部答对才得分 for pick-many ones; undefined when the type is scored otherwise.
 */
export function ruleOnFirstCorrect(question: Question): ScoringRule | undefined {
  const modes = getQuestionType(question.type)?.scoringModes ?? [];
  const mode = modes.find((candidate) => candidate === "single" || candidate === "allOrNothing");
  return mode ? ruleFor(mode, undefined, question) : undefined;
}

/** 计分: shown for exams and quizzes, or wherever a rule is already set. */
export function ScoringSettings({ question }: { question: Question }) {
  const kind = useEditor((state) => state.meta?.kind ?? "survey");
  const modes = getQuestionType(question.type)?.scoringModes ?? [];
  const rule = question.scoring;
  if (modes.length === 0 || (!isGradedKind(kind) && !rule)) return null;
  const set = (scoring: ScoringRule | undefined) =>
    editorActions().patchQuestion(question.id, { scoring }, `scoring:${question.id}`);
  return (
    <div className="dd-section">
      <h4 className="dd-section__title">计分</h4>
      <div className="dd-field">
        <span className="dd-field__label">计分方式</span>
        <Select
          aria-label="计分方式"
          style={{ width: "100%" }}
          value={rule?.mode ?? "none"}
          options={[
            { value: "none", label: "不计分" },
            ...modes.map((mode) => ({ value: mode, label: scoringModeNames[mode] })),
          ]}
          onChange={(mode) =>
            set(mode === "none" ? undefined : ruleFor(mode as ScoringRule["mode"], rule, question))
          }
        />
      </div>
      {rule && "points" in rule && (
        <div className="dd-field">
          <span className="dd-field__label">本题分值</span>
          <InputNumber
            aria-label="本题分值"
            min={0}
            value={rule.points}
            onChange={(points) => set({ ...rule, points: points ?? 0 })}
          />
        </div>
      )}
      {rule && "perOption" in rule && (
        <div className="dd-field">
          <span className="dd-field__label">每答对一项得</span>
          <InputNumber
            aria-label="每答对一项得"
            min={0}
            value={rule.perOption}
            onChange={(perOption) => set({ ...rule, perOption: perOption ?? 0 })}
          />
        </div>
      )}
      {rule?.mode === "text" && (
        <div className="dd-field dd-field--block">
          <span className="dd-field__label">参考答案（任一即可）</span>
          <Select
            mode="tags"
            open={false}
            style={{ width: "100%" }}
            aria-label="参考答案"
            placeholder="输入参考答案后按回车，可添加多个"
            value={rule.accepted}
            onChange={(accepted: string[]) => set({ ...rule, accepted })}
          />
        </div>
      )}
      {rule?.mode === "blanks" &&
        Object.entries(rule.accepted).map(([blankId, accepted], i) => (
          <div className="dd-field dd-field--block" key={blankId}>
            <span className="dd-field__label">填空{i + 1}答案</span>
            <Select
              mode="tags"
              open={false}
              style={{ width: "100%" }}
              aria-label={`填空${i + 1}答案`}
              placeholder="输入答案后按回车，可添加多个"
              value={accepted}
              onChange={(next: string[]) => set({ ...rule, accepted: { ...rule.accepted, [blankId]: next } })}
            />
          </div>
        ))}
      {(rule?.mode === "single" ||
        rule?.mode === "allOrNothing" ||
        rule?.mode === "partial" ||
        rule?.mode === "partialNoWrong") && <p className="dd-hint">在上方「选项设置」中勾选正确答案。</p>}
      {rule?.mode === "perOption" && <p className="dd-hint">在上方「选项设置」中为每个选项填写分值。</p>}
      {isGradedKind(kind) && (
        <div className="dd-field dd-field--block">
          <span className="dd-field__label">答案解析</span>
          <Input.TextArea
            aria-label="答案解析"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={5000}
            placeholder="选填。开启「交卷后显示答案」时，与正确答案一起显示给答题者"
            value={question.explanation ?? ""}
            onChange={(event) =>
              editorActions().patchQuestion(
                question.id,
                { explanation: event.target.value.trim() ? event.target.value : undefined },
                `explanation:${question.id}`,
              )
            }
          />
        </div>
      )}
    </div>
  );
}
