import type { FastifyInstance } from "fastify";
import {
  CANDIDATE_FILE_MAX_BYTES,
  candidateTemplate,
  importCandidates,
} from "../../commands/exams/candidate-import.ts";
import {
  deleteCandidates,
  getCandidates,
  revealCandidate,
  saveCandidate,
} from "../../commands/exams/candidate-list.ts";
import { signInCandidate } from "../../commands/exams/candidate-sign-in.ts";
import { reviewExam } from "../../commands/exams/review.ts";
import { loadQuestionnaire } from "../../commands/questionnaires/store.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import {
  candidateListInput,
  candidateTemplateInput,
  deleteCandidatesInput,
  importCandidatesInput,
  revealCandidateInput,
  reviewInput,
  saveCandidateInput,
  signInInput,
} from "./candidates-schema.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** 考生名单 (list, import, template, reveal, delete), `exam/signIn` and `exam/review` (查分). */
export function examCandidateRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "exam/getCandidates",
    access: "account:use",
    input: candidateListInput,
    handler: ({ viewer, input }) => getCandidates(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/saveCandidate",
    access: "account:use",
    input: saveCandidateInput,
    handler: ({ viewer, input }) => saveCandidate(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/importCandidates",
    access: "account:use",
    input: importCandidatesInput,
    // The file's own cap is checked with its message; this only bounds the request.
    bodyLimit: CANDIDATE_FILE_MAX_BYTES + 1024 * 1024,
    handler: ({ viewer, input }) => importCandidates(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "exam/candidateTemplate",
    access: "account:use",
    input: candidateTemplateInput,
    handler: async ({ viewer, input, reply }) => {
      await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses", "any");
      const body = await candidateTemplate();
      // The file itself, not the envelope: failures before this still answer the usual JSON.
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": XLSX,
        "Content-Length": String(body.length),
        "Content-Disposition": contentDisposition("考生名单模板.xlsx", "candidates-template.xlsx"),
        "Cache-Control": "private, no-store",
        // The app's onSend hook does not run for a hijacked reply, so its safety headers are repeated here.
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "SAMEORIGIN",
      });
      reply.raw.end(body);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/deleteCandidates",
    access: "account:use",
    input: deleteCandidatesInput,
    handler: ({ viewer, input }) => deleteCandidates(ctx, viewer, input),
  });

  // 查看完整信息: one candidate in full, logged in the team's activity.
  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/revealCandidate",
    access: "account:use",
    input: revealCandidateInput,
    handler: ({ viewer, input }) => revealCandidate(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/signIn",
    access: "public",
    input: signInInput,
    handler: ({ input, ip }) => signInCandidate(ctx, input, ip),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exam/review",
    access: "public",
    input: reviewInput,
    handler: ({ input }) => reviewExam(ctx, input),
  });
}
