import type { Generated, Selectable } from "kysely";

export const sessionsTable = "sessions";

/** Login sessions. Only the SHA-256 of the opaque token is stored; logout sets revokedAt. */
export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  fromType: number;
  ip: string;
  userAgent: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
