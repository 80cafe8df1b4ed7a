import type { FooterInfo } from "@wjgj/core";
import { z } from "zod";
import type { Db, Trx } from "../../db/index.ts";

/** Footer defaults from the seed (§9): founded 2012, to 2021, OSS V5.0, built 20211128. */
export const footerDefaults: FooterInfo = {
  siteName: "问卷管家",
  siteUrl: "",
  siteIcp: "",
  siteMail: "service@wjgj.example.com",
  sitePhone: "400-000-0000",
  versionInfo: "OSS",
  versionNumber: "V5.0",
  versionBuilt: "20211128",
  years: "2012-2021",
};

const footerSchema = z
  .object({
    siteName: z.string(),
    siteUrl: z.string(),
    siteIcp: z.string(),
    siteMail: z.string(),
    sitePhone: z.string(),
    versionInfo: z.string(),
    versionNumber: z.string(),
    versionBuilt: z.string(),
    years: z.string(),
  })
  .partial();

/** A JSON setting merged over its defaults; a damaged stored value falls back to the defaults. */
export async function readSetting<T extends object>(
  db: Db | Trx,
  key: string,
  schema: z.ZodType<Partial<T>>,
  defaults: T,
): Promise<T> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return defaults;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return defaults;
  }
  const parsed = schema.safeParse(stored);
  return parsed.success ? { ...defaults, ...parsed.data } : defaults;
}

/** Stores a JSON setting, replacing the previous value of `key`. */
export async function writeSetting(trx: Trx, key: string, value: object, now: string): Promise<void> {
  const text = JSON.stringify(value);
  await trx
    .insertInto("settings")
    .values({ key, value: text, updatedAt: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: text, updatedAt: now }))
    .execute();
}

export function readFooterInfo(db: Db | Trx): Promise<FooterInfo> {
  return readSetting(db, "footer", footerSchema, footerDefaults);
}
