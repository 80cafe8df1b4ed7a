import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { examAttemptRoutes } from "./attempts.ts";
import { examCandidateRoutes } from "./candidates.ts";

/**
 * `/wjgj/api/exam/*` (issue #40): 考生名单 and signing in, 查分 (candidates.ts); attempts the server times,
 * proctoring events and snapshots, and the invigilator's live page (attempts.ts).
 */
export function examRoutes(app: FastifyInstance, ctx: AppContext): void {
  examCandidateRoutes(app, ctx);
  examAttemptRoutes(app, ctx);
}
