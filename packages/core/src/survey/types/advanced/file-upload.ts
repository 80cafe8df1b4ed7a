import { z } from "zod";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const configSchema = z.object({
  /** Allowed extensions without dot, lower case; empty allows any. */
  accept: z.array(z.string().regex(/^[a-z0-9]{1,10}$/)).default([]),
  maxSizeMb: z.number().positive().max(1024).default(10),
  maxCount: z.number().int().min(1).max(50).default(1),
  /**
   * 敏感文件 (证件照、病历): the files are encrypted at rest under the questionnaire's data key, and the answer is
   * personal information — masked until 查看完整信息, left out of masked exports (issue #36).
   */
  sensitive: z.boolean().default(false),
});
export type FileUploadConfig = z.output<typeof configSchema>;

/** A file the upload endpoint already stored; the answer only references it. */
const fileSchema = z.object({
  fileId: z.string().min(1).max(200),
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  mime: z.string().max(100).optional(),
});
export type UploadedFile = z.output<typeof fileSchema>;

function extension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

function validateFiles(config: FileUploadConfig, files: readonly UploadedFile[]): Issue[] {
  if (files.length > config.maxCount) return [error("fileCount", m.fileCount(config.maxCount))];
  const issues: Issue[] = [];
  files.forEach((file, index) => {
    if (config.accept.length > 0 && !config.accept.includes(extension(file.name))) {
      issues.push(error("fileType", m.fileType(config.accept.join("、")), [index]));
    } else if (file.size > config.maxSizeMb * 1024 * 1024) {
      issues.push(error("fileSize", m.fileSize(config.maxSizeMb), [index]));
    }
  });
  return issues;
}

/** 文件上传: type, size and count limits; `$id` is the number of files. */
export const fileUploadType = defineQuestionType({
  type: "file",
  name: questionTypeNames.file,
  group: "advanced",
  configSchema,
  answerSchema: z.array(fileSchema).max(50),
  answerable: true,
  valueType: "number",
  scoringModes: ["manual"],
  defaults: (): FileUploadConfig => ({ accept: [], maxSizeMb: 10, maxCount: 1, sensitive: false }),
  isEmpty: (files) => files.length === 0,
  validate: validateFiles,
  score: (_config, _files, rule) => ({
    score: 0,
    max: rule.mode === "manual" ? rule.points : 0,
    manual: true,
  }),
  toText: (_config, files) => files.map((file) => file.name).join("、"),
  toValue: (_config, files) => files.length,
  stats: {
    empty: () => ({ n: 0, files: 0, bytes: 0 }),
    add: (_config, state, files) => ({
      n: state.n + 1,
      files: state.files + files.length,
      bytes: state.bytes + files.reduce((sum, file) => sum + file.size, 0),
    }),
    merge: (a, b) => ({ n: a.n + b.n, files: a.files + b.files, bytes: a.bytes + b.bytes }),
  },
});
