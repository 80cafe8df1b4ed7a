import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db, DialectName } from "./db/index.ts";
import type { SmsProvider } from "./sms/provider.ts";

/** Everything a route or command needs, built once in main.ts (or per test) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  sms: SmsProvider;
}
