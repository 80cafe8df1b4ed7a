import { exportKinds, exportStatuses, questionaryStatuses, questionnaireKinds } from "@wjgj/core";
import { z } from "zod";

/**
 * The open API's shapes: what routes validate and what the OpenAPI document publishes (document.ts turns
 * these same schemas into JSON Schema), so the document cannot drift from the code. Times are ISO 8601 in
 * UTC; ids are integers; answers are keyed by the question's id in the definition.
 */
const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name}需为正整数` })
    .int(`${name}需为正整数`)
    .min(1, `${name}需为正整数`)
    .max(2_147_483_647, `${name}需为正整数`);

export const questionnaireIdParams = z.object({ id: positiveId("问卷 id").describe("问卷 id") });
export const responseParams = questionnaireIdParams.extend({
  responseId: positiveId("答卷 id").describe("答卷 id"),
});
export const exportParams = questionnaireIdParams.extend({
  exportId: positiveId("导出任务 id").describe("导出任务 id"),
});

const limit = z.coerce
  .number({ error: "limit 需为 1-100 的整数" })
  .int("limit 需为 1-100 的整数")
  .min(1, "limit 需为 1-100 的整数")
  .max(100, "limit 需为 1-100 的整数")
  .default(20)
  .describe("每页条数，1-100，默认 20");
const cursor = z.string().max(100).optional().describe("上一页返回的 nextCursor；不传则从头开始");

export const questionnaireListQuery = z.object({
  limit,
  cursor,
  status: z.enum(questionaryStatuses, { error: "status 需为 draft、published 或 stopped" }).optional(),
});

export const responseListQuery = z.object({
  limit,
  cursor,
  since: z.iso
    .datetime({ offset: true, error: "since 需为 ISO 8601 时间，例如 2026-12-01T00:00:00+08:00" })
    .optional()
    .describe("只返回此时间（含）之后提交的答卷，用于增量拉取"),
  status: z
    .enum(["valid", "invalid", "deleted"], { error: "status 需为 valid、invalid 或 deleted" })
    .default("valid")
    .describe("valid 有效答卷（默认）、invalid 无效答卷、deleted 回收站中的答卷"),
});

const time = z.string().describe("ISO 8601 时间（UTC）");
const nullableTime = z.string().nullable().describe("ISO 8601 时间（UTC）；没有时为 null");

export const questionnaireSchema = z
  .object({
    id: z.number().int(),
    publicId: z.string().describe("答题链接中的短 id：/r/{publicId}"),
    kind: z.enum(questionnaireKinds),
    title: z.string(),
    status: z.enum(questionaryStatuses),
    responseCount: z.number().int(),
    questionCount: z.number().int(),
    version: z.number().int().describe("草稿版本号，修改问卷时作为 baseVersion 传回"),
    hasUnpublishedChanges: z.boolean(),
    answerUrl: z.string().describe("答题地址（相对站点根路径）"),
    createdAt: time,
    updatedAt: time,
    publishedAt: nullableTime,
  })
  .meta({ id: "Questionnaire" });

export const questionnaireDetailSchema = questionnaireSchema
  .extend({
    definition: z
      .record(z.string(), z.unknown())
      .describe("问卷定义（题目、页面、逻辑），格式同导出的问卷 JSON"),
  })
  .meta({ id: "QuestionnaireDetail" });

export const questionnairePageSchema = z.object({
  data: z.array(questionnaireSchema),
  nextCursor: z.string().nullable().describe("下一页的游标；null 表示没有更多"),
});

export const createQuestionnaireBody = z.object({
  kind: z.enum(questionnaireKinds, { error: "kind 需为问卷类型之一" }).default("survey"),
  title: z.string().trim().min(1, "请填写问卷标题").max(200, "问卷标题最多200个字"),
  definition: z.record(z.string(), z.unknown()).optional().describe("问卷定义；不传则创建空白问卷"),
});

export const updateDefinitionBody = z.object({
  definition: z.record(z.string(), z.unknown()).describe("完整的问卷定义"),
  baseVersion: z.number().int().min(1).describe("修改所基于的草稿版本号（version），防止覆盖他人的修改"),
});

export const savedDefinitionSchema = z.object({
  version: z.number().int(),
  hasUnpublishedChanges: z.boolean(),
  issues: z
    .array(
      z.object({
        code: z.string(),
        level: z.enum(["error", "warning"]),
        message: z.string(),
        path: z.array(z.union([z.string(), z.number()])).readonly(),
      }),
    )
    .describe("问卷检查发现的问题；有 error 时不能发布"),
});

export const responseSchema = z
  .object({
    id: z.number().int(),
    questionnaireId: z.number().int(),
    status: z.enum(["valid", "invalid", "deleted"]),
    submittedAt: time,
    durationSeconds: z.number().int(),
    source: z.string().describe("来源渠道，如 link、qrcode、wechat、api"),
    score: z.number().nullable(),
    maxScore: z.number().nullable(),
    passed: z.boolean().nullable(),
    answers: z
      .record(z.string(), z.unknown())
      .describe("按题目 id 的原始答案；个人信息（手机号、身份证号等）已脱敏"),
    texts: z.record(z.string(), z.string()).describe("按题目 id 的答案文字，同导出文件"),
  })
  .meta({ id: "Response" });

export const responsePageSchema = z.object({
  data: z.array(responseSchema),
  nextCursor: z
    .string()
    .nullable()
    .describe("下一页的游标；null 表示目前没有更多（增量拉取时保存它，下次从这里继续）"),
});

export const statisticsSchema = z.object({
  total: z.number().int().describe("有效答卷数"),
  questions: z.array(z.record(z.string(), z.unknown())).describe("每道题的统计，格式同统计页"),
});

export const createExportBody = z.object({
  kind: z
    .enum(exportKinds, { error: `kind 需为 ${exportKinds.join("、")} 之一` })
    .default("xlsx")
    .describe("导出格式"),
});

export const exportSchema = z
  .object({
    id: z.number().int(),
    questionnaireId: z.number().int(),
    kind: z.enum(exportKinds),
    status: z.enum(exportStatuses),
    progress: z.number().int().describe("0-100"),
    rows: z.number().int(),
    fileName: z.string(),
    fileSize: z.number().int(),
    error: z.string(),
    createdAt: time,
    finishedAt: nullableTime,
    downloadUrl: z.string().nullable().describe("完成后下载文件的地址（同样需要 API 密钥）"),
  })
  .meta({ id: "Export" });

export const errorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe("稳定的错误代码，如 unauthorized、insufficient_scope、not_found、invalid_input"),
      message: z.string().describe("中文说明"),
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error" });

/** A file answered as itself (application/octet-stream), not JSON. */
export const fileSchema = z.string().describe("文件内容");
