import type { FastifyInstance } from "fastify";
import { smallUrlScheme } from "../../commands/questionnaires/mini-program.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { idInput } from "../questionary/schema.ts";

/** queationaryTeam/getSmallUrlScheme (seed §7: POST with parameters). */
export function smallUrlSchemeRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "queationaryTeam/getSmallUrlScheme",
    access: "account:use",
    input: idInput,
    handler: ({ viewer, input, request }) => smallUrlScheme(ctx, request.log, viewer, input.id),
  });
}
