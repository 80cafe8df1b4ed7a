import { z } from "zod";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { answeredReducer } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { isTypedSignature } from "./signature-mark.ts";

export { isTypedSignature, signatureImage, TYPED_SIGNATURE_MARK } from "./signature-mark.ts";

// Pad defaults follow the product spec: 800×300, line width 4, black ink.
const configSchema = z.object({
  width: z.number().int().min(100).max(2000).default(800),
  height: z.number().int().min(50).max(1000).default(300),
  lineWidth: z.number().min(1).max(20).default(4),
  lineColor: z.string().max(20).default("#000000"),
  crop: z.boolean().default(true),
});
export type SignatureConfig = z.output<typeof configSchema>;

/**
 * Where the exported PNG lives: a stored file path/URL, or an inline PNG data URL; either may end in
 * TYPED_SIGNATURE_MARK when the respondent typed their name instead of drawing (WCAG 2.1.1: a keyboard
 * alternative). A fragment never reaches the server that serves the image, so the URL still loads.
 */
const signaturePattern = /^(?:(?:https?:\/\/|\/)[^\s#]+|data:image\/png;base64,[A-Za-z0-9+/=]+)(?:#typed)?$/;

/** 电子签名: the answer references the exported PNG; a blank pad cannot be exported, so "" means unsigned. */
export const signatureType = defineQuestionType({
  type: "signature",
  name: questionTypeNames.signature,
  group: "advanced",
  configSchema,
  answerSchema: z.string().max(2_000_000),
  answerable: true,
  valueType: "string",
  scoringModes: [],
  defaults: () => ({ width: 800, height: 300, lineWidth: 4, lineColor: "#000000", crop: true }),
  isEmpty: (answer) => answer === "",
  validate: (_config, answer) =>
    signaturePattern.test(answer) ? [] : [error("signatureEmpty", m.signatureEmpty())],
  toText: (_config, answer) => (isTypedSignature(answer) ? "[签名（键入姓名）]" : "[签名]"),
  toValue: (_config, answer) => answer,
  stats: answeredReducer,
});
