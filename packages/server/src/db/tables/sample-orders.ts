import type { SampleOrderStatus } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

/** A sample-service order (issue #19); money in fen. */
export interface SampleOrdersTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  questionnaireId: number;
  quantity: number;
  filled: number;
  rejected: number;
  priceFen: number;
  refundedFen: number;
  /** JSON of `SampleTargeting`. */
  targeting: string;
  note: string;
  holdId: string;
  status: SampleOrderStatus;
  adminNote: string;
  createdAt: string;
  updatedAt: string;
}
export type SampleOrderRow = Selectable<SampleOrdersTable>;
