// Shared result shape for every statistics function: a computed value, or a typed reason with a Chinese
// message. Nothing here ever returns NaN to the screen or throws for bad data.

export type StatErrorReason =
  | "too-few-values"
  | "zero-variance"
  | "non-finite"
  | "too-few-groups"
  | "bad-table"
  | "length-mismatch"
  | "collinear"
  | "perfect-fit"
  | "bad-argument";

export interface StatError {
  ok: false;
  reason: StatErrorReason;
  message: string;
}

export type StatResult<T> = ({ ok: true } & T) | StatError;

export function statError(reason: StatErrorReason, message: string): StatError {
  return { ok: false, reason, message };
}

export const MESSAGES = {
  tooFewValues: "至少需要2个有效值",
  groupTooFew: "每组至少需要2个有效值",
  zeroVariance: "数据没有变异（方差为0），无法计算",
  nonFinite: "数据包含无法识别的数值",
  tooFewGroups: "至少需要2个组",
  badTable: "交叉表至少需要2行2列且各格为非负数",
  lengthMismatch: "各变量的数据长度不一致",
  collinear: "自变量之间存在完全共线性，无法估计回归系数",
  factorTooFewVariables: "因子分析至少需要2个变量",
  targetSum: "各目标比例之和须为100%",
  targetsConflict: "各变量的目标比例互相矛盾（某些类别的样本全被其他变量的0%目标排除），无法加权",
} as const;

/** A value is missing when it is null, undefined or NaN. Infinity is bad input, not missing. */
export type Maybe = number | null | undefined;

export function isMissing(v: Maybe): v is null | undefined {
  return v === null || v === undefined || Number.isNaN(v);
}

/** Drop missing values; report whether any remaining value is non-finite (±Infinity). */
export function validValues(values: readonly Maybe[]): { values: number[]; nonFinite: boolean } {
  const out: number[] = [];
  let nonFinite = false;
  for (const v of values) {
    if (isMissing(v)) continue;
    if (!Number.isFinite(v)) nonFinite = true;
    out.push(v);
  }
  return { values: out, nonFinite };
}

/**
 * As `validValues`, without a copy when nothing is missing (the common case for a group of answers): the
 * values answered may then be the array given, so they are read only, never sorted or changed.
 */
export function presentValues(values: readonly Maybe[]): { values: readonly number[]; nonFinite: boolean } {
  let nonFinite = false;
  for (const v of values) {
    if (isMissing(v)) return validValues(values);
    if (!Number.isFinite(v)) nonFinite = true;
  }
  return { values: values as readonly number[], nonFinite };
}

/** Rows (cases) with every column present; listwise deletion. Columns must have the same length. */
export function completeCases(
  columns: readonly (readonly Maybe[])[],
): { rows: number[][]; nonFinite: boolean } | null {
  const n = columns[0]?.length ?? 0;
  if (columns.some((c) => c.length !== n)) return null;
  const rows: number[][] = [];
  let nonFinite = false;
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    let missing = false;
    for (const col of columns) {
      const v = col[i];
      if (isMissing(v)) {
        missing = true;
        break;
      }
      if (!Number.isFinite(v)) nonFinite = true;
      row.push(v);
    }
    if (!missing) rows.push(row);
  }
  return { rows, nonFinite };
}

/** Array index that the caller has already bounds-checked (keeps noUncheckedIndexedAccess quiet). */
export function at<T>(arr: readonly T[], i: number): T {
  return arr[i] as T;
}
