import path from "node:path";
import type { Config } from "../config.ts";
import { localStorage } from "./local.ts";
import { s3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export type { Storage, StoredObject } from "./storage.ts";
export { isSafeKey } from "./storage.ts";

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR. */
export function createStorage(config: Config): Storage {
  const s3 = config.s3;
  if (!s3) return localStorage(config.dataDir);
  return s3Storage({ ...s3, scratchDir: path.join(config.dataDir, "scratch") });
}
