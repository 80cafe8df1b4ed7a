import type { FastifyInstance } from "fastify";
import {
  bookingIcsFile,
  bookingSlots,
  cancelByReceipt,
  findByCode,
  moveByReceipt,
} from "../../commands/bookings/respondent.ts";
import type { AppContext } from "../../context.ts";
import { siteOrigin } from "../../http/page-html.ts";
import { defineRoute } from "../../http/route.ts";
import { contentDisposition } from "../export/index.ts";
import { bookingSlotsInput, findBookingInput, moveBookingInput, receiptBookingInput } from "./schema.ts";

/**
 * 预约 for respondents (issue #41), no login: `anQuestion/bookingSlots` (the answer page polls it), and a
 * booking held by its receipt token — cancel, move, `.ics` — or found by its confirmation code.
 */
export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/bookingSlots",
    access: "public",
    input: bookingSlotsInput,
    handler: ({ input }) => bookingSlots(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/cancelBooking",
    access: "public",
    input: receiptBookingInput,
    handler: ({ input }) => cancelByReceipt(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/moveBooking",
    access: "public",
    input: moveBookingInput,
    handler: ({ input }) => moveByReceipt(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/findBooking",
    access: "public",
    input: findBookingInput,
    handler: ({ input }) => findByCode(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/bookingIcs",
    access: "public",
    input: receiptBookingInput,
    handler: async ({ input, reply, request }) => {
      const ics = await bookingIcsFile(ctx, input, siteOrigin(request, ctx.config));
      // The file itself, not the envelope: failures above still answer the usual JSON.
      reply.hijack();
      const body = Buffer.from(ics, "utf8");
      reply.raw.writeHead(200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Length": String(body.length),
        "Content-Disposition": contentDisposition("预约.ics", "booking.ics"),
        "Cache-Control": "private, no-store",
        // The app's onSend hook does not run for a hijacked reply, so its safety headers are repeated here.
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "SAMEORIGIN",
      });
      reply.raw.end(body);
      return null;
    },
  });
}
