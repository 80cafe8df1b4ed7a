import type { Question } from "@wjgj/core/survey/index";
import { FileField } from "./advanced/file-field.tsx";
import { RegionField } from "./advanced/region-field.tsx";
import { SignatureField } from "./advanced/signature-field.tsx";
import { Cascader } from "./choice/cascader.tsx";
import { Dropdown, MultipleChoice, SingleChoice } from "./choice/choice-list.tsx";
import type { FieldContext, ViewOption } from "./field-types.ts";
import {
  MatrixDropdownField,
  MatrixFillField,
  MatrixMultipleField,
  MatrixScaleField,
  MatrixSingleField,
} from "./matrix/matrix-fields.tsx";
import { TableField } from "./matrix/table-field.tsx";
import {
  AllocationField,
  LikertField,
  NpsField,
  RankingField,
  SliderField,
  StarField,
} from "./rating/rating-fields.tsx";
import { PersonalField } from "./text/personal-field.tsx";
import {
  DateField,
  DateRangeField,
  MultiBlankField,
  NumberField,
  TextareaField,
  TextField,
  TimeField,
} from "./text/text-fields.tsx";

export interface InputProps {
  question: Question;
  value: unknown;
  options: readonly ViewOption[];
  onChange(value: unknown): void;
  context: FieldContext;
}

/** The input of every answerable type of core's registry; layout items and 横向填空 render elsewhere. */
export function QuestionInput({ question, ...rest }: InputProps) {
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
    case "cascader":
      return <Cascader question={question} {...rest} />;
    case "text":
      return <TextField question={question} {...rest} />;
    case "textarea":
      return <TextareaField question={question} {...rest} />;
    case "multiBlank":
      return <MultiBlankField question={question} {...rest} />;
    case "number":
      return <NumberField question={question} {...rest} />;
    case "date":
      return <DateField question={question} {...rest} />;
    case "time":
      return <TimeField question={question} {...rest} />;
    case "dateRange":
      return <DateRangeField question={question} {...rest} />;
    case "star":
      return <StarField question={question} {...rest} />;
    case "nps":
      return <NpsField question={question} {...rest} />;
    case "likert":
      return <LikertField question={question} {...rest} />;
    case "slider":
      return <SliderField question={question} {...rest} />;
    case "allocation":
      return <AllocationField question={question} {...rest} />;
    case "ranking":
      return <RankingField question={question} {...rest} />;
    case "matrixSingle":
      return <MatrixSingleField question={question} {...rest} />;
    case "matrixMultiple":
      return <MatrixMultipleField question={question} {...rest} />;
    case "matrixFill":
      return <MatrixFillField question={question} {...rest} />;
    case "matrixScale":
      return <MatrixScaleField question={question} {...rest} />;
    case "matrixDropdown":
      return <MatrixDropdownField question={question} {...rest} />;
    case "table":
      return <TableField question={question} {...rest} />;
    case "file":
      return <FileField question={question} {...rest} />;
    case "signature":
      return <SignatureField question={question} {...rest} />;
    case "region":
      return <RegionField question={question} {...rest} />;
    case "personal":
      return <PersonalField question={question} {...rest} />;
    case "inlineBlank":
    case "paragraph":
    case "divider":
    case "group":
      return null;
    default:
      return null;
  }
}
