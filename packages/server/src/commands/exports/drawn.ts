import {
  definitionSchema,
  type Question,
  type SurveyDefinition,
  scoreExam,
  exportFileTexts as texts,
} from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { paperCandidate } from "../answering/papers.ts";
import { answerExamOf } from "../results/grading.ts";
import { gradesOf, submitContext } from "../results/record.ts";
import { columnsOfQuestion, columnTitle } from "./columns.ts";
import type { DrawnColumns, DrawnPaper } from "./drawn-cells.ts";

/**
 * 随机组卷 in exports: each candidate answered a paper of their own, the fixed questions plus bank questions
 * drawn for them (ids `bank_<bank question id>`, see core's drawPaper). The file gets one block of columns per
 * bank question drawn by anyone — its answer columns, 得分 and 正确答案 — in bank-question order, so a teacher
 * can sort by any of them; a candidate who did not draw it leaves the block empty. Scores are the response
 * viewer's (the paper's own scoring with manual grades overlaid), so the file and the viewer agree.
 */

const DRAWN_ID = /^bank_(\d+)$/;

/** Papers read per query while collecting the drawn questions. */
const PAPER_BATCH = 500;

function drawnQuestionsOf(paper: SurveyDefinition): Question[] {
  return paper.pages.flatMap((page) => page.questions).filter((question) => DRAWN_ID.test(question.id));
}

/** The bank questions drawn into any paper of the questionnaire, as the first paper that drew each shows it. */
export async function drawnColumns(db: Db, questionnaireId: number): Promise<DrawnColumns[]> {
  const found = new Map<number, Question>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("exam_papers")
      .select(["id", "definition"])
      .where("questionnaireId", "=", questionnaireId)
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAPER_BATCH)
      .execute();
    for (const row of rows) {
      // Parsed in full only when the paper holds a question not met before (most papers repeat them).
      const raw = JSON.parse(row.definition) as { pages?: { questions?: { id?: unknown }[] }[] };
      const ids = (raw.pages ?? []).flatMap((page) => (page.questions ?? []).map((q) => String(q.id)));
      if (!ids.some((id) => DRAWN_ID.test(id) && !found.has(Number(DRAWN_ID.exec(id)?.[1])))) continue;
      for (const question of drawnQuestionsOf(definitionSchema.parse(raw))) {
        const itemId = Number(DRAWN_ID.exec(question.id)?.[1]);
        if (!found.has(itemId)) found.set(itemId, question);
      }
    }
    if (rows.length < PAPER_BATCH) break;
    after = (rows[rows.length - 1] as { id: number }).id;
  }
  return [...found.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, question], i) => {
      const answer = columnsOfQuestion(question, texts.drawn(i + 1));
      const head = `${texts.drawn(i + 1)}、${columnTitle(question)}`;
      return {
        questionId: question.id,
        answer,
        headers: [...answer.headers, `${head}—${texts.drawnScore}`, `${head}—${texts.drawnKey}`],
      };
    });
}

/** A batch's responses with what their papers need: who answered (the device) and when. */
interface PaperResponse {
  id: number;
  revisionId: number;
  deviceId: string;
  submittedAt: string;
  answers: string;
  /** Set when the stored answers hold sealed personal values (exports open them per batch). */
  opened?: Record<string, unknown>;
}

/** The papers of one batch of responses, each scored as the response viewer scores it. */
export async function drawnPapers(
  db: Db,
  questionnaireId: number,
  batch: readonly PaperResponse[],
): Promise<Map<number, DrawnPaper>> {
  const answered = batch.filter((response) => response.deviceId !== "");
  const result = new Map<number, DrawnPaper>();
  if (answered.length === 0) return result;
  const [rows, grades] = await Promise.all([
    db
      .selectFrom("exam_papers")
      .select(["revisionId", "candidate", "definition"])
      .where("questionnaireId", "=", questionnaireId)
      .where("candidate", "in", [...new Set(answered.map((response) => paperCandidate(response.deviceId)))])
      .execute(),
    gradesOf(
      db,
      answered.map((response) => response.id),
    ),
  ]);
  const papers = new Map(rows.map((row) => [`${row.revisionId}:${row.candidate}`, row.definition]));
  for (const response of answered) {
    const stored = papers.get(`${response.revisionId}:${paperCandidate(response.deviceId)}`);
    if (!stored) continue;
    const paper = definitionSchema.parse(JSON.parse(stored));
    const answers = response.opened ?? (JSON.parse(response.answers) as Record<string, unknown>);
    const exam = answerExamOf(
      scoreExam(paper, answers, submitContext(response)),
      grades.get(response.id) ?? {},
    );
    const drawn = drawnQuestionsOf(paper);
    result.set(response.id, {
      questions: new Map(drawn.map((question) => [question.id, question])),
      scores: new Map(exam.questions.map((question) => [question.questionId, question.score])),
    });
  }
  return result;
}
