import type { Selectable, SelectQueryBuilder } from "kysely";
import { toCount } from "./index.ts";
import type { TableWithId } from "./rows.ts";
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

type Ordering<T extends TableWithId> = ReadonlyArray<readonly [keyof Database[T] & string, "asc" | "desc"]>;

/** One page of a filtered table in the given order (ties broken by the last column), with the total. */
export async function pageOrdered<T extends TableWithId, R>(
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for "nothing selected yet"
  base: SelectQueryBuilder<Database, T, {}>,
  input: PageInput,
  ordering: Ordering<T>,
  present: (row: Selectable<Database[T]>) => R,
): Promise<Page<R>> {
  let rows = base.selectAll();
  for (const [column, direction] of ordering) rows = rows.orderBy(column as never, direction);
  const [list, total] = await Promise.all([
    rows
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
    list: (list as unknown as Selectable<Database[T]>[]).map(present),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** One page of a filtered table, newest (highest id) first, with the filtered total. */
export function pageNewestFirst<T extends TableWithId, R>(
  // biome-ignore lint/complexity/noBannedTypes: Kysely's type for "nothing selected yet"
  base: SelectQueryBuilder<Database, T, {}>,
  input: PageInput,
  present: (row: Selectable<Database[T]>) => R,
): Promise<Page<R>> {
  return pageOrdered(base, input, [["id" as keyof Database[T] & string, "desc"]], present);
}
