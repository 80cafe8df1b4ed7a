import type { CreateTableBuilder } from "kysely";
import type { DialectName } from "../index.ts";

/** An auto-incrementing integer primary key, spelled the way each database wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, "id"> {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
