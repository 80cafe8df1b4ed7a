import type { Question } from "@wjgj/core/survey/index";
import { Dropdown, MultipleChoice, SingleChoice } from "./choice/choice-list.tsx";
import type { FieldContext, ViewOption } from "./field-types.ts";
import { isLazyType, useLazyField } from "./fields/registry.ts";
import { TextareaField, TextField } from "./text/text-fields.tsx";

export interface InputProps {
  question: Question;
  value: unknown;
  options: readonly ViewOption[];
  onChange(value: unknown): void;
  context: FieldContext;
}

/**
 * The input of every answerable type of core's registry; layout items and 横向填空 render elsewhere. Choices and
 * plain texts are here; the other types come from their groups' chunks (fields/registry.ts).
 */
export function QuestionInput({ question, ...rest }: InputProps) {
  if (isLazyType(question.type)) return <LazyInput question={question} {...rest} />;
  switch (question.type) {
    case "single":
    case "imageSingle":
    case "trueFalse":
    case "voteSingle":
    case "appointment":
      return <SingleChoice question={question} {...rest} />;
    case "multiple":
    case "imageMultiple":
    case "voteMultiple":
      return <MultipleChoice question={question} {...rest} />;
    case "dropdown":
      return <Dropdown question={question} {...rest} />;
    case "text":
      return <TextField question={question} {...rest} />;
    case "textarea":
      return <TextareaField question={question} {...rest} />;
    case "inlineBlank":
    case "paragraph":
    case "divider":
    case "group":
      return null;
    default:
      return null;
  }
}

/** A lazily loaded type's input, or an empty placeholder until its chunk is here. */
function LazyInput({ question, ...rest }: InputProps) {
  const Field = useLazyField(question.type);
  return Field ? (
    <Field question={question} {...rest} />
  ) : (
    <div className="wa-field-loading" aria-busy="true" />
  );
}
