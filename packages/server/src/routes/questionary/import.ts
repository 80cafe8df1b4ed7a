import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { loadQuestionnaireWithRole, readDefinition } from "../../commands/questionnaires/store.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import { blankAsAbsent, idParam } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";
import { excelTemplate, exportSurveyJs, type ImportPreview, previewImport } from "../../imports/index.ts";
import { importMessages as m } from "../../imports/messages.ts";
import { contentDisposition } from "../export/index.ts";
import { kindParam } from "./schema.ts";

const fileParam = z.object(
  { filename: z.string().max(255), data: z.instanceof(Buffer) },
  { error: m.fileMissing() },
);

const previewInput = z.object({ file: fileParam, kind: blankAsAbsent(kindParam) });
const exportInput = z.object({
  id: idParam,
  format: z.enum(["json", "surveyjs"], { error: m.formatInvalid() }).default("json"),
});

function sendFile(reply: FastifyReply, body: Buffer, type: string, fileName: string, fallback: string): null {
  // The file itself, not the envelope: failures before this still answer the usual JSON.
  reply.hijack();
  reply.raw.writeHead(200, {
    "Content-Type": type,
    "Content-Length": String(body.length),
    "Content-Disposition": contentDisposition(fileName, fallback),
    "Cache-Control": "private, no-store",
    // The app's onSend hook does not run for a hijacked reply, so its safety headers are repeated here.
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
  });
  reply.raw.end(body);
  return null;
}

/** A file name for the download: the title without characters file systems refuse. */
function safeName(title: string): string {
  return (
    title
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what file names may not hold.
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
      .trim()
      .slice(0, 80) || "问卷"
  );
}

/**
 * 文件导入 and 导出问卷: `questionary/previewImport` reads an uploaded questionnaire file and answers the
 * definition with what could not be carried over (creating nothing: the page then calls addQuestionary),
 * `questionary/importTemplate` is the Excel to fill in, `questionary/exportDefinition` downloads a
 * questionnaire as our JSON or as SurveyJS JSON to whoever may read its detail.
 */
export function questionaryImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/previewImport",
    access: "account:use",
    input: previewInput,
    handler: async ({ input }): Promise<Extract<ImportPreview, { ok: true }>> => {
      const preview = await previewImport({
        fileName: input.file.filename,
        bytes: input.file.data,
        ...(input.kind ? { kind: input.kind } : {}),
      });
      if (!preview.ok) throw new InvalidInputError([{ field: "file", message: preview.message }]);
      return preview;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/importTemplate",
    access: "account:use",
    input: z.object({}),
    handler: async ({ reply }) =>
      sendFile(
        reply,
        await excelTemplate(),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "问卷导入模板.xlsx",
        "questionnaire-template.xlsx",
      ),
  });

  for (const method of ["GET", "POST"] as const) {
    defineRoute(app, ctx, {
      method,
      path: "questionary/exportDefinition",
      access: "account:use",
      input: exportInput,
      handler: async ({ viewer, input, reply }) => {
        const { row } = await loadQuestionnaireWithRole(ctx.db, viewer, input.id, "read");
        const definition = readDefinition(row.draft);
        const surveyJs = input.format === "surveyjs";
        const body = Buffer.from(JSON.stringify(surveyJs ? exportSurveyJs(definition) : definition, null, 2));
        const suffix = surveyJs ? ".surveyjs.json" : ".json";
        return sendFile(
          reply,
          body,
          "application/json; charset=utf-8",
          `${safeName(row.title)}${suffix}`,
          `questionnaire-${row.id}${suffix}`,
        );
      },
    });
  }
}
