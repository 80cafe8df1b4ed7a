import { richTextToPlain } from "@wjgj/core/survey/definition/rich-text";
import type { QuestionOfType } from "@wjgj/core/survey/index";
import { stringRecord, withEntry } from "../../lib/values.ts";
import { type FieldA11y, partAttrs } from "../a11y/field-a11y.ts";
import { inputPropsFor } from "./text-fields.tsx";

/**
 * 横向填空: the title itself holds the blanks (three or more underscores each); the nth run is the nth blank.
 * Rendered as plain text around inputs, since cutting rich text at the markers could split its tags.
 */
export function InlineBlankTitle(props: {
  /** Given by the card: the title holds these inputs, so they sit outside the field's context. */
  a11y: FieldA11y;
  question: QuestionOfType<"inlineBlank">;
  title: string;
  value: unknown;
  onChange(value: unknown): void;
}) {
  const filled = stringRecord(props.value);
  const parts = richTextToPlain(props.title).split(/_{3,}/);
  const blanks = props.question.config.blanks;
  return (
    <span className="wa-inline-blank">
      {parts.map((text, index) => {
        const blank = index < parts.length - 1 ? blanks[index] : undefined;
        const input = blank ? inputPropsFor(blank.format) : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional and never reorder
          <span key={index}>
            {text}
            {blank && input ? (
              <input
                className="wa-blank"
                type={input.type}
                inputMode={input.inputMode}
                {...partAttrs(props.a11y, blank.label || `第${index + 1}空`)}
                value={filled[blank.id] ?? ""}
                onChange={(event) =>
                  props.onChange(withEntry(filled, blank.id, event.target.value || undefined))
                }
              />
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
