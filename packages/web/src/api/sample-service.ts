import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SampleOrderView, SampleServiceInfo, SampleTargeting } from "@wjgj/core";
import { http } from "./request.ts";

/** Client of `sampleService/*` (the creator) and `admin/sampleOrder/*` (the console); shapes in @wjgj/core. */

export interface SampleOrderInput extends SampleTargeting {
  id: number;
  quantity: number;
  note: string;
}

export interface AdminSampleOrder extends SampleOrderView {
  title: string;
  publicId: string;
  phone: string;
  arrived: number;
}

export const sampleApi = {
  getService: () => http.get<SampleServiceInfo>("sampleService/getSampleService"),
  addOrder: (input: SampleOrderInput) =>
    http.post<SampleOrderView>("sampleService/addSampleOrder", { ...input }),
  getOrders: (id: number) => http.get<SampleOrderView[]>("sampleService/getSampleOrderList", { id }),
  cancelOrder: (id: number, orderId: number) =>
    http.post<SampleOrderView>("sampleService/cancelSampleOrder", { id, orderId }),
  progress: (id: number, filled: number, rejected: number, note: string) =>
    http.post<SampleOrderView>("admin/sampleOrder/progress", { id, filled, rejected, note }),
  adminCancel: (id: number, reason: string) =>
    http.post<SampleOrderView>("admin/sampleOrder/cancel", { id, reason }),
};

const keys = {
  all: ["samples"] as const,
  service: ["samples", "service"] as const,
  orders: (id: number) => ["samples", "orders", id] as const,
};

export const useSampleService = () => useQuery({ queryKey: keys.service, queryFn: sampleApi.getService });

/** The questionnaire's orders; refreshed while one is open, so the admin's progress shows up by itself. */
export const useSampleOrders = (id: number) =>
  useQuery({
    queryKey: keys.orders(id),
    queryFn: () => sampleApi.getOrders(id),
    refetchInterval: (query) =>
      query.state.data?.some((o) => o.status === "paid" || o.status === "collecting") ? 15_000 : false,
  });

/** Ordering or cancelling refreshes the orders and the balance. */
export function useSampleMutation<I, R>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
