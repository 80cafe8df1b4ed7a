import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookingSlotList,
  CheckedInBooking,
  CreatorBooking,
  CreatorBookings,
  ReceiptBooking,
} from "@wjgj/core";
import { http } from "./request.ts";
import { rightsKeys } from "./respondent-rights.ts";

/**
 * 预约 (issue #41): the respondent's booking on the receipt (by its token) and the creator's 预约管理.
 * Shapes: core's api/bookings-api.ts.
 */

export const bookingsApi = {
  slots: (input: { publicId: string; questionId: string; from?: string; to?: string }) =>
    http.get<BookingSlotList>("anQuestion/bookingSlots", input, { silent: true }),
  cancel: (input: { token: string; questionId: string }) =>
    http.postJson<ReceiptBooking>("anQuestion/cancelBooking", input, { silent: true }),
  move: (input: { token: string; questionId: string; slotKey: string }) =>
    http.postJson<ReceiptBooking>("anQuestion/moveBooking", input, { silent: true }),
  list: (input: { id: number; questionId?: string; from: string; to: string }) =>
    http.get<CreatorBookings>("questionary/bookings", input),
  checkIn: (input: { id: number; code: string }) =>
    http.postJson<CheckedInBooking>("questionary/checkInBooking", input, { silent: true }),
  cancelByCreator: (input: { id: number; bookingId: number }) =>
    http.postJson<CreatorBooking>("questionary/cancelBooking", input),
};

export const bookingKeys = {
  slots: (publicId: string, questionId: string) => ["bookingSlots", publicId, questionId] as const,
  all: (id: number) => ["bookings", id] as const,
  list: (id: number, from: string, to: string) => ["bookings", id, from, to] as const,
};

/** The .ics of one booking, downloaded by link (the receipt token proves it is the visitor's). */
export function bookingIcsUrl(token: string, questionId: string): string {
  return `/wjgj/api/anQuestion/bookingIcs?${new URLSearchParams({ token, questionId }).toString()}`;
}

export function useBookingSlots(publicId: string, questionId: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.slots(publicId, questionId),
    queryFn: () => bookingsApi.slots({ publicId, questionId }),
    enabled,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** 取消预约 and 改约 on the receipt: the receipt reloads, as it lists the booking's new state. */
export function useChangeBooking(token: string) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: rightsKeys.receipt(token) });
  return {
    cancel: useMutation({
      mutationFn: (questionId: string) => bookingsApi.cancel({ token, questionId }),
      onSuccess: reload,
    }),
    move: useMutation({
      mutationFn: (input: { questionId: string; slotKey: string }) => bookingsApi.move({ token, ...input }),
      onSuccess: reload,
    }),
  };
}

export function useBookingsOverview(id: number, from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.list(id, from, to),
    queryFn: () => bookingsApi.list({ id, from, to }),
    refetchInterval: 30_000,
  });
}

export function useCheckIn(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => bookingsApi.checkIn({ id, code }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all(id) }),
  });
}

export function useCreatorCancel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: number) => bookingsApi.cancelByCreator({ id, bookingId }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all(id) }),
  });
}
