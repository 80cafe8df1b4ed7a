import { type AnswerDetail, richTextToPlain } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { cjkPdf } from "../reports/cjk-pdf.ts";
import { getAnswerDetail } from "./answers.ts";
import { paperTagsOfResponse } from "./exam-tag-mastery.ts";

/** A name the respondent gave, from the first answered question titled 姓名 (else empty). */
function candidateName(detail: AnswerDetail): string {
  for (const question of detail.definition.pages.flatMap((page) => page.questions)) {
    if (/姓名|名字/.test(richTextToPlain(question.title))) {
      const text = detail.answer.texts[question.id];
      if (text) return text;
    }
  }
  return "";
}

function formatScore(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Points per tag of the candidate's paper, in paper order; questions still waiting for a grade left out. */
function tagScores(questions: NonNullable<AnswerDetail["exam"]>["questions"], tagsOf: Map<string, string[]>) {
  const byTag = new Map<string, { tag: string; score: number; max: number }>();
  for (const question of questions) {
    if (question.manual && !question.graded) continue;
    for (const tag of tagsOf.get(question.questionId) ?? []) {
      const line = byTag.get(tag) ?? { tag, score: 0, max: 0 };
      line.score += question.score;
      line.max += question.max;
      byTag.set(tag, line);
    }
  }
  return [...byTag.values()];
}

export interface ReportCard {
  fileName: string;
  body: Buffer;
}

/**
 * `answer/getReportCardPdf`: one candidate's 成绩单 as a PDF — total and pass, each scored question's score,
 * then for a paper drawn from tagged bank questions the points per tag (知识点得分). It reads the response
 * through `answer/getAnswerDetail`, so who may see it (and whether personal answers such as the name are
 * hidden) is decided in one place. pdfkit is loaded on the first card only.
 */
export async function reportCardPdf(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; responseId: number },
): Promise<ReportCard> {
  const detail = await getAnswerDetail(ctx, viewer, { ...input, sort: "timeDesc", filter: {} });
  const exam = detail.exam;
  if (!exam) throw InvalidInputError.field("id", "examReportNotExam");
  const title = richTextToPlain(detail.definition.title);
  const name = candidateName(detail);
  const { doc, bytes } = await cjkPdf({
    Title: `${title} 成绩单`,
    Subject: name ? `${name} ${formatScore(exam.total)}分` : "",
  });

  doc.fontSize(20).text(`${title}`, { align: "center" });
  doc.fontSize(14).text("成绩单", { align: "center" }).moveDown();
  doc.fontSize(12);
  if (name) doc.text(`考生姓名：${name}`);
  doc.text(`答卷编号：${detail.answer.id}`);
  doc.text(`提交时间：${detail.answer.submittedAt}`);
  doc.text(`总分：${formatScore(exam.total)} / ${formatScore(exam.max)} 分`);
  if (exam.passMark !== null) {
    doc.text(`及格分：${formatScore(exam.passMark)} 分，${exam.passed ? "通过" : "未通过"}`);
  }
  if (exam.pendingManual > 0) doc.text(`尚有 ${exam.pendingManual} 道题待人工评分`);
  doc.moveDown();
  doc.fontSize(13).text("逐题得分").moveDown(0.3).fontSize(11);
  const titles = new Map(
    detail.definition.pages.flatMap((page) => page.questions).map((q) => [q.id, richTextToPlain(q.title)]),
  );
  exam.questions.forEach((question, index) => {
    const verdict = question.manual
      ? question.graded
        ? "已评分"
        : "待评分"
      : question.correct
        ? "正确"
        : "错误";
    doc.text(
      `${index + 1}. ${titles.get(question.questionId) ?? ""}　${formatScore(question.score)} / ${formatScore(question.max)} 分（${verdict}）`,
    );
  });
  const tagLines = tagScores(exam.questions, await paperTagsOfResponse(ctx.db, input.id, detail.answer.id));
  if (tagLines.length > 0) {
    doc.moveDown().fontSize(13).text("知识点得分").moveDown(0.3).fontSize(11);
    for (const line of tagLines) {
      doc.text(`${line.tag}：${formatScore(line.score)} / ${formatScore(line.max)} 分`);
    }
  }
  doc.end();
  return {
    fileName: `${title}-成绩单-${name || detail.answer.id}.pdf`,
    body: await bytes,
  };
}
