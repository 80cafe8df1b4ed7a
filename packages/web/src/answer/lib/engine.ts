// Loaded on demand: core's logic engine and the zod schemas it validates answers with are the largest part of
// the page's code, and the server-rendered first page can be read and touched without them.
export { createSession } from "@wjgj/core/survey/logic/session";
