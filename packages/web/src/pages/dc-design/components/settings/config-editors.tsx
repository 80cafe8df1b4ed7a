import { PlusOutlined } from "@ant-design/icons";
import { isSafePattern, type PatternRule, type Question, textFormatNames, textFormats } from "@wjgj/core";
import { Button, Checkbox, Input, Select } from "antd";
import { plainTitle } from "../../lib/survey-index.ts";
import { nextId } from "../../store/ids.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { RemoveButton } from "../remove-button.tsx";

const formatOptions = textFormats.map((format) => ({ value: format, label: textFormatNames[format] }));

/** 多项填空 / 横向填空 blanks: label, format, required. 横向填空 blanks follow the ___ in the title. */
export function BlanksEditor({ question }: { question: Question }) {
  if (question.type !== "multiBlank" && question.type !== "inlineBlank") return null;
  const blanks = question.config.blanks;
  const inline = question.type === "inlineBlank";
  const save = (next: typeof blanks) =>
    editorActions().patchConfig(question.id, { blanks: next }, `blanks:${question.id}`);
  const update = (index: number, patch: Partial<(typeof blanks)[number]>) =>
    save(blanks.map((blank, i) => (i === index ? { ...blank, ...patch } : blank)));
  return (
    <div className="dd-list-editor">
      {inline && (
        <p className="dd-hint">在标题中输入 ___（三个下划线）即插入一个填空，填空数量随标题自动调整。</p>
      )}
      {blanks.map((blank, index) => (
        <div key={blank.id} className="dd-list-editor__row">
          <Input
            size="small"
            placeholder={inline ? `填空${index + 1}说明` : `填空${index + 1}`}
            value={blank.label}
            onChange={(event) => update(index, { label: event.target.value })}
          />
          <Select
            size="small"
            style={{ width: 104 }}
            value={blank.format}
            options={formatOptions}
            onChange={(format) => update(index, { format })}
          />
          <Checkbox
            checked={blank.required}
            onChange={(event) => update(index, { required: event.target.checked })}
          >
            必填
          </Checkbox>
          {!inline && blanks.length > 1 && (
            <RemoveButton label="删除填空" onClick={() => save(blanks.filter((_, i) => i !== index))} />
          )}
        </div>
      ))}
      {!inline && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() =>
            save([
              ...blanks,
              {
                id: nextId(new Set(blanks.map((b) => b.id)), "b"),
                label: `填空${blanks.length + 1}`,
                format: "none",
                required: true,
                patterns: [],
              },
            ])
          }
        >
          添加填空
        </Button>
      )}
    </div>
  );
}

/** Regex rules, each with its own message; patterns core refuses as unsafe are flagged at once. */
export function PatternsEditor({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const rules = Array.isArray(value) ? (value as PatternRule[]) : [];
  const update = (index: number, patch: Partial<PatternRule>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <div className="dd-list-editor">
      {rules.map((rule, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; they are edited in place by position.
        <div key={index} className="dd-pattern">
          <Input
            size="small"
            placeholder="正则表达式，如 ^1[3-9]\d{9}$"
            value={rule.pattern}
            status={rule.pattern && !isSafePattern(rule.pattern) ? "error" : undefined}
            onChange={(event) => update(index, { pattern: event.target.value })}
          />
          <Input
            size="small"
            placeholder="不符合时的提示"
            value={rule.message}
            onChange={(event) => update(index, { message: event.target.value })}
          />
          <div className="dd-pattern__foot">
            <Checkbox
              checked={rule.level === "warning"}
              onChange={(event) => update(index, { level: event.target.checked ? "warning" : "error" })}
            >
              仅提醒
            </Checkbox>
            <Button
              size="small"
              type="link"
              danger
              onClick={() => onChange(rules.filter((_, i) => i !== index))}
            >
              删除
            </Button>
          </div>
          {rule.pattern && !isSafePattern(rule.pattern) && (
            <div className="dd-issue dd-issue--error">该表达式可能导致回溯过慢，请改写</div>
          )}
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...rules, { pattern: "", message: "格式不正确", level: "error" }])}
      >
        添加校验规则
      </Button>
    </div>
  );
}

/** 题组 members: any other question of the questionnaire. */
export function MembersEditor({
  question,
  value,
  onChange,
}: {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const candidates = useEditor((state) =>
    (state.draft?.pages ?? [])
      .flatMap((page) => page.questions)
      .filter((q) => q.id !== question.id && q.type !== "group")
      .map((q) => `${q.id}\u0000${plainTitle(q.title, 30)}`)
      .join("\u0001"),
  );
  const options = candidates
    .split("\u0001")
    .filter(Boolean)
    .map((entry) => {
      const [id = "", title = ""] = entry.split("\u0000");
      return { value: id, label: title || id };
    });
  return (
    <Select
      mode="multiple"
      style={{ width: "100%" }}
      placeholder="选择属于本组的题目"
      value={Array.isArray(value) ? (value as string[]) : []}
      options={options}
      optionFilterProp="label"
      onChange={onChange}
    />
  );
}
