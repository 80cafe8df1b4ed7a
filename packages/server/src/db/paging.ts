import type { Selectable, SelectQueryBuilder } from "kysely";
import { toCount } from "./index.ts";
import type { Database } from "./schema.ts";

export interface PageInput {
  pageNum: number;
  pageSize: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

/** One page of a filtered table, newest (highest id) first, with the filtered total. */
export async function pageNewestFirst<T extends TableWithId, R>(
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for "nothing selected yet"
  base: SelectQueryBuilder<Database, T, {}>,
  input: PageInput,
  present: (row: Selectable<Database[T]>) => R,
): Promise<Page<R>> {
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("id" as never, "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    base
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return {
    // Kysely cannot resolve selectAll() over a generic table; these are that table's rows.
    list: (rows as unknown as Selectable<Database[T]>[]).map(present),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
