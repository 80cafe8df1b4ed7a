import type { Question } from "@wjgj/core";
import { memo } from "react";
import { choiceTypes } from "../../lib/question-meta.ts";
import { BookingPreview } from "./previews/booking-preview.tsx";
import { ChoicePreview } from "./previews/choice-preview.tsx";
import { OtherPreview } from "./previews/layout-preview.tsx";
import { MatrixPreview } from "./previews/matrix-preview.tsx";
import { ProductPreview } from "./previews/product-preview.tsx";
import { RatingPreview } from "./previews/rating-preview.tsx";
import { TextPreview } from "./previews/text-preview.tsx";

// Choice types plus the two that list their items like options (排序, 比重).
const choice = new Set([...choiceTypes, "ranking", "allocation"]);
const rating = new Set(["star", "nps", "likert", "slider"]);
const matrix = new Set([
  "matrixSingle",
  "matrixMultiple",
  "matrixFill",
  "matrixScale",
  "matrixDropdown",
  "table",
]);
const textLike = new Set([
  "text",
  "textarea",
  "multiBlank",
  "number",
  "date",
  "time",
  "dateRange",
  "personal",
  "region",
  "file",
  "signature",
]);

/** The answer area of a question, by type. */
export const QuestionBody = memo(function QuestionBody({
  question,
  selected,
}: {
  question: Question;
  selected: boolean;
}) {
  if (choice.has(question.type)) return <ChoicePreview question={question} selected={selected} />;
  if (rating.has(question.type)) return <RatingPreview question={question} />;
  if (matrix.has(question.type)) return <MatrixPreview question={question} selected={selected} />;
  if (question.type === "paragraph" || question.type === "inlineBlank") return null;
  if (textLike.has(question.type)) return <TextPreview question={question} />;
  if (question.type === "booking") return <BookingPreview question={question} />;
  if (question.type === "product") return <ProductPreview question={question} />;
  return <OtherPreview question={question} />;
});
