import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { deleteRecord, type RecordKind, saveRecord } from "../../commands/admin/records.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import type { Page, PageInput } from "../../db/paging.ts";
import type { TableWithId } from "../../db/rows.ts";
import { defineRoute } from "../../http/route.ts";
import type { Action } from "../../policies/index.ts";
import { idInput } from "./content-schema.ts";

export interface AdminCrudSpec<
  T extends TableWithId,
  L extends z.ZodType<PageInput>,
  S extends z.ZodType<{ id?: number | undefined }>,
  P,
> {
  kind: RecordKind<T, z.output<S>, P>;
  access: Action;
  listInput: L;
  list(db: Db, input: z.output<L>): Promise<Page<P>>;
  saveInput: S;
}

/**
 * The three calls every content screen of the admin console makes, under `admin/<entity>/`:
 * `list` (GET, paged, with the kind's filters), `save` (POST; creates without `id`, updates with one)
 * and `delete` (POST id). Saves and deletes are audited in their own transaction.
 */
export function defineAdminCrud<
  T extends TableWithId,
  L extends z.ZodType<PageInput>,
  S extends z.ZodType<{ id?: number | undefined }>,
  P,
>(app: FastifyInstance, ctx: AppContext, spec: AdminCrudSpec<T, L, S, P>): void {
  const base = `admin/${spec.kind.entity}`;
  defineRoute(app, ctx, {
    method: "GET",
    path: `${base}/list`,
    access: spec.access,
    input: spec.listInput,
    handler: ({ input }) => spec.list(ctx.db, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: `${base}/save`,
    access: spec.access,
    input: spec.saveInput,
    handler: ({ input, viewer }) => saveRecord(ctx, viewer.user.id, spec.kind, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: `${base}/delete`,
    access: spec.access,
    input: idInput,
    handler: ({ input, viewer }) => deleteRecord(ctx, viewer.user.id, spec.kind, input.id),
  });
}
