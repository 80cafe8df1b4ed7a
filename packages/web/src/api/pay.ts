import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrderKind, OrderView, WalletRecordView, WalletView } from "@wjgj/core";
import type { PageOf } from "./navigation.ts";
import { http } from "./request.ts";

export interface ConsumptionFilter {
  pageNum: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  type?: OrderKind | "";
}

export type NewOrder = { kind: "vip"; vipLevel: number } | { kind: "recharge"; amountFen: number };

/** Client of orders, payment and the wallet (`pay/*`, `user/accountConsumption`). */
export const payApi = {
  createOrder: (order: NewOrder) => http.post<OrderView>("pay/createOrder", { ...order }),
  payOrder: (orderNo: string, provider: string) =>
    http.post<{ order: OrderView; codeUrl: string }>("pay/payOrder", { orderNo, provider }),
  getOrder: (orderNo: string) => http.get<OrderView>("pay/getOrder", { orderNo }),
  cancelOrder: (orderNo: string) => http.post<OrderView>("pay/cancelOrder", { orderNo }),
  fakeGatewayPay: (orderNo: string) => http.post<{ delivered: boolean }>("pay/fakeGatewayPay", { orderNo }),
  getWallet: () => http.get<WalletView>("pay/getWallet"),
  getWalletRecords: (pageNum: number, pageSize: number) =>
    http.get<PageOf<WalletRecordView>>("pay/getWalletRecords", { pageNum, pageSize }),
  accountConsumption: (filter: ConsumptionFilter) =>
    http.get<PageOf<OrderView>>("user/accountConsumption", {
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
      startDate: filter.startDate ?? "",
      endDate: filter.endDate ?? "",
      type: filter.type ?? "",
    }),
};

export const payKeys = {
  all: ["pay"] as const,
  wallet: () => [...payKeys.all, "wallet"] as const,
  records: (pageNum: number, pageSize: number) => [...payKeys.all, "records", pageNum, pageSize] as const,
  consumption: (filter: ConsumptionFilter) => [...payKeys.all, "consumption", filter] as const,
};

export function useWallet() {
  return useQuery({ queryKey: payKeys.wallet(), queryFn: payApi.getWallet });
}

export function useWalletRecords(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: payKeys.records(pageNum, pageSize),
    queryFn: () => payApi.getWalletRecords(pageNum, pageSize),
  });
}

export function useConsumption(filter: ConsumptionFilter) {
  return useQuery({
    queryKey: payKeys.consumption(filter),
    queryFn: () => payApi.accountConsumption(filter),
  });
}

/** Creates the order and starts paying it: the wallet settles at once, a provider answers a code to scan. */
export function useCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { order: NewOrder; provider: string }) => {
      const order = await payApi.createOrder(v.order);
      return payApi.payOrder(order.orderNo, v.provider);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}

export function useFakeGatewayPayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderNo: string) => {
      await payApi.fakeGatewayPay(orderNo);
      return payApi.getOrder(orderNo);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}
