import type { Clock } from "../clock.ts";
import type { Db } from "../db/index.ts";
import { RENEW_BEFORE_MS } from "./stable-token.ts";

/** What a fetch of a cached value answers: the value and how long WeChat says it lives. */
export interface Fetched {
  value: string;
  expiresIn: number;
}

/** Fetches in flight, per database handle and name: concurrent callers in one process share one. */
const inFlight = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * A value every instance shares through the wechat_cache table (the 公众号's access token, its jsapi_ticket):
 * read from the table while it has more than five minutes to live; otherwise fetched once (whoever else in this
 * process asks meanwhile waits for the same fetch) and written back for the other instances. `force` skips the
 * kept value (WeChat said it is no longer valid).
 */
export async function sharedValue(
  db: Db,
  clock: Clock,
  name: string,
  fetchValue: () => Promise<Fetched>,
  force = false,
): Promise<string> {
  let pending = inFlight.get(db);
  if (!pending) {
    pending = new Map();
    inFlight.set(db, pending);
  }
  // The read and the fetch are one flight: a caller that read the table before another's fetch wrote it would
  // otherwise fetch again once that fetch had finished (and left the map).
  const key = force ? `${name}\u0000force` : name;
  const running = pending.get(key);
  if (running) return running;
  const map = pending;
  const started = (async () => {
    if (!force) {
      const row = await db
        .selectFrom("wechat_cache")
        .select(["value", "expiresAt"])
        .where("name", "=", name)
        .executeTakeFirst();
      if (row && Date.parse(row.expiresAt) - clock.now().getTime() > RENEW_BEFORE_MS) return row.value;
    }
    const fetched = await fetchValue();
    const expiresAt = new Date(clock.now().getTime() + fetched.expiresIn * 1000).toISOString();
    await db
      .insertInto("wechat_cache")
      .values({ name, value: fetched.value, expiresAt })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value: fetched.value, expiresAt }))
      .execute();
    return fetched.value;
  })().finally(() => map.delete(key));
  map.set(key, started);
  return started;
}
