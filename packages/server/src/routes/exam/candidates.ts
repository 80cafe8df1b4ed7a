import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

/** 考生名单 (list, import, template, reveal, delete), `exam/signIn` and `exam/review` (查分). */
export function examCandidateRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
