/**
 * 考试防作弊 on the answer page (issue #40): a chunk of its own, loaded (before hydration) only for exams that
 * use it, so an ordinary questionnaire's first download does not grow. The file name makes it a `*-group`
 * chunk, which the server's answer-pages.ts preloads for such exams (`fieldGroupsOfPage` names it `exam`).
 */
export { ExamApp } from "./exam-app.tsx";
