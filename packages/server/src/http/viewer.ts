import type { SessionRow } from "../db/tables/sessions.ts";
import type { UserRow } from "../db/tables/users.ts";

/** The logged-in caller of a request: its account and the session its token belongs to. */
export interface Viewer {
  user: UserRow;
  session: SessionRow;
}
