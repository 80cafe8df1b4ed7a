import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db, DialectName } from "./db/index.ts";
import type { SmsProvider } from "./sms/provider.ts";
import type { Storage } from "./storage/index.ts";

/** Everything a route or command needs, built once in main.ts (or per test) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  sms: SmsProvider;
  /** Uploads, covers, avatars and export files (local disk or S3). */
  storage: Storage;
}
