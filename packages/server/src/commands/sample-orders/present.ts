import {
  describeTargeting,
  type SampleOrderView,
  type SampleTargeting,
  sampleDimensions,
  sampleTargeting,
} from "@wjgj/core";
import { chinaDateTime } from "../../clock.ts";
import type { SampleOrderRow } from "../../db/tables/sample-orders.ts";

/** Stored targeting read back; an unknown value (a choice removed later) shows as 不限. */
export function parseTargeting(text: string): SampleTargeting {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const out: Record<string, string> = {};
  for (const d of sampleDimensions) {
    const value = stored[d];
    const known = sampleTargeting[d].some((choice) => choice.value === value);
    out[d] = known && typeof value === "string" ? value : "any";
  }
  return out as SampleTargeting;
}

export function presentSampleOrder(row: SampleOrderRow): SampleOrderView {
  const targeting = parseTargeting(row.targeting);
  const price = Number(row.priceFen);
  return {
    id: row.id,
    orderNo: row.orderNo,
    questionnaireId: row.questionnaireId,
    quantity: row.quantity,
    filled: row.filled,
    rejected: row.rejected,
    priceFen: price,
    totalFen: price * row.quantity,
    chargedFen: price * row.filled,
    refundedFen: Number(row.refundedFen),
    targeting,
    targetingText: describeTargeting(targeting),
    note: row.note,
    status: row.status,
    adminNote: row.adminNote,
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
  };
}
