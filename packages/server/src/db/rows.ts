import type { Generated, Insertable, Kysely, Selectable } from "kysely";
import type { Db, Trx } from "./index.ts";
import type { Database } from "./schema.ts";

/** Tables with an integer `id` primary key. */
export type TableWithId = {
  [K in keyof Database]: Database[K] extends { id: unknown } ? K : never;
}[keyof Database];

export type Row<T extends TableWithId> = Selectable<Database[T]> & { id: number };
export type NewRow<T extends TableWithId> = Insertable<Database[T]>;

/**
 * Kysely types a query by its literal table name; when the table is a type parameter it cannot, so
 * these helpers see the database as tables of loosely typed columns and give the caller back the
 * row type of the table it named. The casts live here and nowhere else.
 */
type LooseTable = { id: Generated<number> } & Record<string, unknown>;
type LooseDb = Kysely<Record<string, LooseTable>>;

function loose(db: Db | Trx): LooseDb {
  return db as unknown as LooseDb;
}

export async function findRow<T extends TableWithId>(
  db: Db | Trx,
  table: T,
  id: number,
): Promise<Row<T> | undefined> {
  const row = await loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row as Row<T> | undefined;
}

export async function insertRow<T extends TableWithId>(
  trx: Trx,
  table: T,
  values: NewRow<T>,
): Promise<Row<T>> {
  const row = await loose(trx)
    .insertInto(table as string)
    .values(values as Insertable<LooseTable>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Row<T>;
}

export async function updateRow<T extends TableWithId>(
  trx: Trx,
  table: T,
  id: number,
  values: NewRow<T>,
): Promise<Row<T>> {
  const row = await loose(trx)
    .updateTable(table as string)
    .set(values as Insertable<LooseTable>)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Row<T>;
}

export async function deleteRow<T extends TableWithId>(trx: Trx, table: T, id: number): Promise<void> {
  await loose(trx)
    .deleteFrom(table as string)
    .where("id", "=", id)
    .execute();
}
