import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";

/** Attempts (`exam/start`, `save`, `heartbeat`, `event`, `snapshot`) and invigilation (live, timeline, end, add time). */
export function examAttemptRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
