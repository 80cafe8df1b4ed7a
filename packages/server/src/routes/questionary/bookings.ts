import type { FastifyInstance } from "fastify";
import { cancelBookingAsCreator, checkInBooking, listBookings } from "../../commands/bookings/creator.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { bookingsInput, cancelBookingInput, checkInBookingInput } from "./bookings-schema.ts";

/**
 * 预约 for the creator (issue #41): the day/week view, check-in by confirmation code, cancelling. The
 * commands check the questionnaire's policy (results to see and check in, manageResponses to cancel).
 */
export function questionaryBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/bookings",
    access: "account:use",
    input: bookingsInput,
    handler: ({ viewer, input }) => listBookings(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/checkInBooking",
    access: "account:use",
    input: checkInBookingInput,
    handler: ({ viewer, input }) => checkInBooking(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "questionary/cancelBooking",
    access: "account:use",
    input: cancelBookingInput,
    handler: ({ viewer, input }) => cancelBookingAsCreator(ctx, viewer, input),
  });
}
