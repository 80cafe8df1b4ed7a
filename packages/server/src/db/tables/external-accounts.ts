import type { Generated } from "kysely";

export const externalAccountsTable = "external_accounts";

/** Links a partner platform's user (fromType + platformUserId) to one of our accounts. */
export interface ExternalAccountsTable {
  id: Generated<number>;
  fromType: number;
  platformUserId: string;
  userId: number;
  createdAt: string;
}
