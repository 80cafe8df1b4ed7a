import { blankLineBlocks } from "./blank-line-blocks.ts";
import { chineseNumbered } from "./chinese-numbered.ts";
import { correctMarksAndScores } from "./correct-marks-and-scores.ts";
import { emptyText } from "./empty-text.ts";
import { examAnswerLines } from "./exam-answer-lines.ts";
import { exclusiveAndOther } from "./exclusive-and-other.ts";
import { formRegistration } from "./form-registration.ts";
import { inlineBlankExam } from "./inline-blank-exam.ts";
import { matrixQuestions } from "./matrix-questions.ts";
import { messyPaste } from "./messy-paste.ts";
import { parenthesisMarkers } from "./parenthesis-markers.ts";
import { problemsReported } from "./problems-reported.ts";
import type { CorpusSample } from "./sample.ts";
import { scalesAndRanking } from "./scales-and-ranking.ts";
import { sectionsAndPages } from "./sections-and-pages.ts";
import { tencentBullets } from "./tencent-bullets.ts";
import { voteSelection } from "./vote-selection.ts";
import { wjxCafeSurvey } from "./wjx-cafe-survey.ts";
import { wordExamInline } from "./word-exam-inline.ts";

export type { CorpusSample } from "./sample.ts";

/** Pasted questionnaires in the formats people actually paste, with what each must import as. */
export const corpus: readonly CorpusSample[] = [
  wjxCafeSurvey,
  tencentBullets,
  wordExamInline,
  examAnswerLines,
  chineseNumbered,
  matrixQuestions,
  scalesAndRanking,
  sectionsAndPages,
  blankLineBlocks,
  parenthesisMarkers,
  formRegistration,
  inlineBlankExam,
  messyPaste,
  voteSelection,
  exclusiveAndOther,
  correctMarksAndScores,
  problemsReported,
  emptyText,
];
