import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import { openFileLink } from "../../commands/exports/file-links.ts";
import {
  createExportJob,
  deleteExportJob,
  type ExportDownload,
  listExportJobs,
  openExportDownload,
} from "../../commands/exports/jobs.ts";
import type { AppContext } from "../../context.ts";
import { siteOrigin } from "../../http/page-html.ts";
import { defineRoute } from "../../http/route.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { presentExportJob } from "../../presenters/export-job.ts";
import { createInput, fileLinkInput, jobInput, listInput } from "./schema.ts";

/** RFC 6266/5987: an ASCII fallback for old clients, the real (Chinese) name as UTF-8 for the rest. */
export function contentDisposition(fileName: string, fallback: string): string {
  const printable = /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName);
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${printable ? fileName : fallback}"; filename*=UTF-8''${encoded}`;
}

function downloadHeaders(download: ExportDownload, fallback: string) {
  return {
    "Content-Type": download.contentType,
    "Content-Length": String(download.size),
    "Content-Disposition": contentDisposition(download.fileName, fallback),
    "Cache-Control": "private, no-store",
    // The app's onSend hook does not run for a hijacked reply, so its safety headers are repeated here.
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
  };
}

/** Exports of results as background jobs: `/wjgj/api/export/*`, for the questionnaire's owner only. */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Jobs run wherever an instance has time: queued here, written by this or another instance.
  const runner = jobWorkerOf(app);

  defineRoute(app, ctx, {
    method: "POST",
    path: "export/createExport",
    access: "account:use",
    input: createInput,
    handler: async ({ viewer, input, request }) =>
      presentExportJob(await createExportJob(ctx, runner, viewer, input, siteOrigin(request, ctx.config))),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "export/getExportList",
    access: "account:use",
    input: listInput,
    handler: async ({ viewer, input }) => ({
      list: (await listExportJobs(ctx, viewer, input.questionnaireId)).map(presentExportJob),
    }),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "export/downloadExport",
    access: "account:use",
    input: jobInput,
    handler: async ({ viewer, input, reply, request }) => {
      const download = await openExportDownload(ctx, viewer, input.questionnaireId, input.id);
      // The file itself, not the envelope: failures above still answer the usual JSON.
      reply.hijack();
      const fallback = `wjgj-export-${input.id}${download.fileName.slice(download.fileName.lastIndexOf("."))}`;
      reply.raw.writeHead(200, downloadHeaders(download, fallback));
      await pipeline(download.body, reply.raw).catch((error: unknown) =>
        request.log.warn({ err: error }, "export download interrupted"),
      );
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "export/file",
    // Opened from a spreadsheet, where there is no login: the signed link is the credential (file-links.ts).
    access: "public",
    input: fileLinkInput,
    handler: async ({ input, reply, request }) => {
      const download = await openFileLink(ctx, input.t);
      reply.hijack();
      reply.raw.writeHead(200, downloadHeaders(download, "wjgj-file"));
      await pipeline(download.body, reply.raw).catch((error: unknown) =>
        request.log.warn({ err: error }, "file link download interrupted"),
      );
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "export/deleteExport",
    access: "account:use",
    input: jobInput,
    handler: async ({ viewer, input }) => {
      await deleteExportJob(ctx, runner, viewer, input.questionnaireId, input.id);
      return null;
    },
  });
}
