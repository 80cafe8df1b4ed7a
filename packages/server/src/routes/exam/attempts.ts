import type { FastifyInstance } from "fastify";
import {
  heartbeat,
  recordEvent,
  saveProgress,
  storeSnapshot,
} from "../../commands/exams/attempt-progress.ts";
import { startAttempt } from "../../commands/exams/attempts.ts";
import { addTime, endAttempt, getLive, getSnapshot, getTimeline } from "../../commands/exams/invigilation.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import {
  addTimeInput,
  attemptInput,
  eventInput,
  heartbeatInput,
  liveInput,
  saveInput,
  snapshotInput,
  snapshotReadInput,
  startInput,
} from "./attempts-schema.ts";

/** Attempts (`exam/start`, `save`, `heartbeat`, `event`, `snapshot`) and invigilation (live, timeline, end, add time). */
export function examAttemptRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The candidate's page: no account, the attempt's token proves the attempt.
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/start",
    access: "optional",
    input: startInput,
    handler: ({ viewer, input, request, ip }) =>
      startAttempt(ctx, viewer, input, { ip, userAgent: String(request.headers["user-agent"] ?? "") }),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/save",
    access: "public",
    input: saveInput,
    bodyLimit: 512 * 1024,
    handler: ({ input }) => saveProgress(ctx, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/heartbeat",
    access: "public",
    input: heartbeatInput,
    handler: ({ input }) => heartbeat(ctx, input.attemptToken),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/event",
    access: "public",
    input: eventInput,
    handler: ({ input }) => recordEvent(ctx, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/snapshot",
    access: "public",
    input: snapshotInput,
    handler: ({ input }) => storeSnapshot(ctx, { attemptToken: input.attemptToken, data: input.file.data }),
  });

  // The invigilator: members who see the results watch; those who manage responses end attempts and add time.
  defineRoute(app, ctx, {
    method: "GET",
    path: "exam/getLive",
    access: "account:use",
    input: liveInput,
    handler: ({ viewer, input }) => getLive(ctx, viewer, input.id),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "exam/getTimeline",
    access: "account:use",
    input: attemptInput,
    handler: ({ viewer, input }) => getTimeline(ctx, viewer, input.id, input.attemptId),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "exam/getSnapshot",
    access: "account:use",
    input: snapshotReadInput,
    handler: async ({ viewer, input, reply }) => {
      const image = await getSnapshot(ctx, viewer, input.id, input.eventId);
      // The bytes themselves, never a public URL: only this call (with the session) reads them.
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": image.contentType,
        "Content-Length": String(image.data.length),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
      reply.raw.end(image.data);
      return null;
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/endAttempt",
    access: "account:use",
    input: attemptInput,
    handler: ({ viewer, input }) => endAttempt(ctx, viewer, input.id, input.attemptId),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/addTime",
    access: "account:use",
    input: addTimeInput,
    handler: ({ viewer, input }) => addTime(ctx, viewer, input),
  });
}
