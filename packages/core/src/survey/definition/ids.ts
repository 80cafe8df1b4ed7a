import { z } from "zod";

/**
 * Stable ids for pages, questions, options, computed values and quotas. Kept to a safe alphabet so they can
 * appear in expressions (`$q1`), piping (`{{q1}}`), quota keys (`option:q1:a`) and URLs without escaping.
 */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, "编号只能包含字母、数字、下划线和连字符，且以字母或下划线开头");
