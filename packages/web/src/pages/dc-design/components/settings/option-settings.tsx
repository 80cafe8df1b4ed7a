import { isGradedKind, type Option, type Question } from "@wjgj/core";
import { Checkbox, Input, InputNumber, Select, Switch } from "antd";
import { multiSelectTypes, type OptionListKey, optionListOf } from "../../lib/question-meta.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { ruleOnFirstCorrect } from "./scoring-settings.tsx";

function OptionRow({
  question,
  listKey,
  option,
  index,
  exam,
}: {
  question: Question;
  listKey: OptionListKey;
  option: Option;
  index: number;
  exam: boolean;
}) {
  const update = (patch: Partial<Omit<Option, "id">>) =>
    editorActions().updateOption(question.id, listKey, option.id, patch);
  const multi = multiSelectTypes.has(question.type);
  const image = question.type === "imageSingle" || question.type === "imageMultiple";
  const appointment = question.type === "appointment";
  return (
    <div className="dd-opt-setting" data-testid="option-setting">
      <div className="dd-opt-setting__label">
        <span className="dd-opt-setting__index">{index + 1}</span>
        {option.label || "（空）"}
      </div>
      <div className="dd-opt-setting__controls">
        <Checkbox
          checked={Boolean(option.other)}
          onChange={(event) => update({ other: event.target.checked ? { textRequired: false } : undefined })}
        >
          其他（可填空）
        </Checkbox>
        {option.other && (
          <Checkbox
            checked={option.other.textRequired}
            onChange={(event) => update({ other: { textRequired: event.target.checked } })}
          >
            填空必填
          </Checkbox>
        )}
        {multi && (
          <Checkbox
            checked={option.exclusive === true}
            onChange={(event) => update({ exclusive: event.target.checked || undefined })}
          >
            互斥
          </Checkbox>
        )}
        <Checkbox
          checked={option.hidden === true}
          onChange={(event) => update({ hidden: event.target.checked || undefined })}
        >
          隐藏
        </Checkbox>
        <Checkbox
          checked={option.correct === true}
          onChange={(event) => {
            const correct = event.target.checked;
            // In an exam, ticking the answer of an unscored question scores it (as the author means).
            const scoring = exam && correct && !question.scoring ? ruleOnFirstCorrect(question) : undefined;
            editorActions().setCorrect(question.id, listKey, option.id, correct, scoring);
          }}
        >
          {exam ? "正确答案" : "标为正确"}
        </Checkbox>
        <span className="dd-opt-setting__num">
          {appointment ? "容量" : "配额"}
          <InputNumber
            size="small"
            min={1}
            precision={0}
            aria-label={appointment ? "容量" : "配额"}
            placeholder="不限"
            value={option.quota ?? null}
            onChange={(quota) => update({ quota: quota ?? (appointment ? 10 : undefined) })}
          />
        </span>
        <span className="dd-opt-setting__num">
          分值
          <InputNumber
            size="small"
            placeholder="无"
            value={option.score ?? null}
            onChange={(score) => update({ score: score ?? undefined })}
          />
        </span>
        {image && (
          <Input
            size="small"
            addonBefore="图片地址"
            value={option.image ?? ""}
            onChange={(event) => update({ image: event.target.value })}
          />
        )}
      </div>
    </div>
  );
}

/** Per-option settings (其他, 互斥, 隐藏, 配额, 分值, 正确答案) and option shuffling. */
export function OptionSettings({ question }: { question: Question }) {
  const kind = useEditor((state) => state.meta?.kind ?? state.draft?.kind ?? "survey");
  const options = optionListOf(question, "options");
  if (!options || question.optionSource) return null;
  const exam = isGradedKind(kind);
  const randomize = question.randomizeOptions;
  return (
    <div className="dd-section">
      <h4 className="dd-section__title">选项设置</h4>
      {options.map((option, index) => (
        <OptionRow
          key={option.id}
          question={question}
          listKey="options"
          option={option}
          index={index}
          exam={exam}
        />
      ))}
      <div className="dd-field">
        <span className="dd-field__label">选项随机排序</span>
        <Switch
          size="small"
          aria-label="选项随机排序"
          checked={Boolean(randomize)}
          onChange={(on) =>
            editorActions().patchQuestion(question.id, { randomizeOptions: on ? { keepLast: 0 } : undefined })
          }
        />
      </div>
      {!multiSelectTypes.has(question.type) && (
        <div className="dd-field">
          {/* 互填: an answer from the answer space that misses this option earns no points. */}
          <span className="dd-field__label">注意力检测（须选）</span>
          <Select
            size="small"
            aria-label="注意力检测（须选）"
            value={question.attentionCheck?.optionId ?? ""}
            options={[
              { value: "", label: "不设置" },
              ...options.map((o, i) => ({ value: o.id, label: o.label || `选项${i + 1}` })),
            ]}
            onChange={(optionId: string) =>
              editorActions().patchQuestion(question.id, {
                attentionCheck: optionId ? { optionId } : undefined,
              })
            }
          />
        </div>
      )}
      {randomize && (
        <div className="dd-field">
          <span className="dd-field__label">最后几项固定</span>
          <InputNumber
            size="small"
            min={0}
            max={options.length}
            precision={0}
            value={randomize.keepLast}
            onChange={(keepLast) =>
              editorActions().patchQuestion(question.id, { randomizeOptions: { keepLast: keepLast ?? 0 } })
            }
          />
        </div>
      )}
    </div>
  );
}
