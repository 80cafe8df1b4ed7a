import { type Kysely, type Migration, sql } from "kysely";

/**
 * 我的发布 (issue #33 item 10): a post may now be `paused` by its poster and ends by itself (`completed`) once its
 * quota is answered. `status` is free text (no CHECK), so the new values need no schema change; posts whose hold
 * was used up before this became `completed` now, ended when their last answer earned, so their poster sees them
 * as ended instead of running forever at quota/quota. Their holds are at 0: no points move. Safe to run again.
 */
export function spacePostStatesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update space_posts set status = 'completed',
          ended_at = (select max(e.created_at) from space_earnings e where e.post_id = space_posts.id)
        where status = 'active'
          and exists (select 1 from ledger_holds h
            where h.transfer_id = space_posts.hold_id and h.remaining < space_posts.reward)`.execute(db);
    },
  };
}
