import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import type { Option } from "@wjgj/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type OptionListKey, optionListNames } from "../../lib/question-meta.ts";
import { plainTitle } from "../../lib/survey-index.ts";
import { editorActions } from "../../store/use-editor.ts";
import { openBatchAdd } from "./batch-add-dialog.tsx";

export type OptionMarker = "radio" | "check" | "none";

interface OptionListEditorProps {
  questionId: string;
  listKey: OptionListKey;
  options: readonly Option[];
  marker: OptionMarker;
  /** 其他 options only make sense where a respondent picks options. */
  allowOther?: boolean;
  /** The schema fixes the number of options (判断题): relabel and reorder only. */
  fixed?: boolean;
}

/** Option flags shown as small tags after the label, so settings made in the side panel stay visible. */
function optionTags(option: Option): string[] {
  const tags: string[] = [];
  if (option.other) tags.push(option.other.textRequired ? "填空必填" : "可填空");
  if (option.exclusive) tags.push("互斥");
  if (option.hidden) tags.push("隐藏");
  if (option.quota !== undefined) tags.push(`限${option.quota}人`);
  if (option.score !== undefined) tags.push(`${option.score}分`);
  if (option.correct) tags.push("正确答案");
  return tags;
}

/**
 * In-place editing of one option list of the selected question: Enter adds the next option, Backspace in
 * an empty one removes it, arrows reorder. Only the selected question renders this, so 500 questions keep
 * 500 light previews and one set of inputs.
 */
export function OptionListEditor({
  questionId,
  listKey,
  options,
  marker,
  allowOther,
  fixed,
}: OptionListEditorProps) {
  const [focusId, setFocusId] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  useEffect(() => {
    if (!focusId) return;
    inputs.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const actions = editorActions;
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>, option: Option, index: number) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      event.preventDefault();
      setFocusId(actions().addOption(questionId, listKey, index));
    } else if (event.key === "Backspace" && option.label === "" && options.length > 1) {
      event.preventDefault();
      actions().removeOption(questionId, listKey, option.id);
      setFocusId(options[index - 1]?.id ?? options[index + 1]?.id ?? null);
    }
  };

  const handleAddOther = () => {
    const id = actions().addOption(questionId, listKey);
    if (id)
      actions().updateOption(questionId, listKey, id, { label: "其他", other: { textRequired: false } });
  };

  const name = optionListNames[listKey];
  return (
    <div className="dd-option-editor">
      {options.map((option, index) => (
        <div className="dd-option-editor__row" key={option.id}>
          {marker !== "none" && <span className={`dd-marker dd-marker--${marker}`} aria-hidden />}
          <input
            ref={(element) => {
              if (element) inputs.current.set(option.id, element);
              else inputs.current.delete(option.id);
            }}
            className="dd-option-editor__input"
            aria-label={`${name}${index + 1}`}
            value={option.label}
            placeholder={`${name}${index + 1}`}
            onChange={(event) =>
              actions().updateOption(questionId, listKey, option.id, { label: event.target.value })
            }
            onKeyDown={(event) => handleKeyDown(event, option, index)}
          />
          {option.other && <span className="dd-fake-input dd-fake-input--inline" />}
          {optionTags(option).map((tag) => (
            <span key={tag} className="dd-tag">
              {tag}
            </span>
          ))}
          <span className="dd-option-editor__tools">
            <button
              type="button"
              title="上移"
              disabled={index === 0}
              onClick={() => actions().moveOption(questionId, listKey, index, index - 1)}
            >
              <ArrowUpOutlined />
            </button>
            <button
              type="button"
              title="下移"
              disabled={index === options.length - 1}
              onClick={() => actions().moveOption(questionId, listKey, index, index + 1)}
            >
              <ArrowDownOutlined />
            </button>
            <button
              type="button"
              title={`删除${plainTitle(option.label, 10) || name}`}
              aria-label={`删除${name}${index + 1}`}
              disabled={fixed || options.length <= 1}
              onClick={() => actions().removeOption(questionId, listKey, option.id)}
            >
              <CloseOutlined />
            </button>
          </span>
        </div>
      ))}
      {!fixed && (
        <div className="dd-option-editor__footer">
          <button type="button" onClick={() => setFocusId(actions().addOption(questionId, listKey))}>
            <PlusOutlined aria-hidden /> 添加{name === "选项" ? "选项" : name.replace("标题", "")}
          </button>
          {allowOther && (
            <button type="button" onClick={handleAddOther}>
              <PlusOutlined aria-hidden /> 添加「其他」项
            </button>
          )}
          <button type="button" onClick={() => openBatchAdd(questionId, listKey)}>
            <UnorderedListOutlined aria-hidden /> 批量添加
          </button>
        </div>
      )}
    </div>
  );
}
