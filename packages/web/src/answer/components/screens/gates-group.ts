/**
 * The screens a questionnaire shows instead of its questions: its state (closed, not started, not found…) and
 * its gates (password, login, 同意隐私政策). A chunk of their own (issue #37): most respondents meet none of
 * them, so they are not in the page's first download; a page that shows one gets the chunk preloaded by the
 * server and loads it before hydrating (lib/screens.ts). The file name makes it a `*-group` chunk, which the
 * server's answer-pages.ts `fieldGroupChunks` finds in the build manifest.
 */
export { ConsentGate, LoginGate, PasswordGate } from "./gates.tsx";
export { answeredHeading, answeredText, StatusPage } from "./status-page.tsx";

/**
 * 考试防作弊 (answer/exam/), fetched through this chunk so that its import map stays out of the page's first
 * download (lib/screens.ts `loadExam`); only exams that use it come this way.
 */
export const loadExamChunk = () => import("../../exam/exam-group.ts");
