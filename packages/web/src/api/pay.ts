import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ConsumptionType,
  ConsumptionView,
  InvoiceView,
  OrderView,
  PayStartView,
  VipPeriod,
  WalletRecordView,
  WalletView,
  WithdrawalChannel,
  WithdrawalView,
} from "@wjgj/core";
import type { PageOf } from "./navigation.ts";
import { http } from "./request.ts";

export interface ConsumptionFilter {
  pageNum: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  type?: ConsumptionType | "";
}

export interface NewWithdrawal {
  amountFen: number;
  channel: WithdrawalChannel;
  accountName: string;
  accountNo: string;
  bankName: string;
}

export type NewOrder =
  | { kind: "vip"; vipLevel: number; period: VipPeriod }
  | { kind: "recharge"; amountFen: number };

/** What a checkout pays: a new order, or one already made and still 待支付 (继续支付 in 消费明细). */
export type CheckoutOrder = NewOrder | { orderNo: string };

/** Client of orders, payment and the wallet (`pay/*`, `user/accountConsumption`). */
export const payApi = {
  createOrder: (order: NewOrder) => http.post<OrderView>("pay/createOrder", { ...order }),
  payOrder: (orderNo: string, provider: string) =>
    http.post<PayStartView>("pay/payOrder", { orderNo, provider }),
  getOrder: (orderNo: string, options?: { silent?: boolean }) =>
    http.get<OrderView>("pay/getOrder", { orderNo }, options),
  cancelOrder: (orderNo: string) => http.post<OrderView>("pay/cancelOrder", { orderNo }),
  fakeGatewayPay: (orderNo: string) => http.post<{ delivered: boolean }>("pay/fakeGatewayPay", { orderNo }),
  getWallet: () => http.get<WalletView>("pay/getWallet"),
  getWalletRecords: (pageNum: number, pageSize: number) =>
    http.get<PageOf<WalletRecordView>>("pay/getWalletRecords", { pageNum, pageSize }),
  requestWithdrawal: (input: NewWithdrawal) =>
    http.post<WithdrawalView>("pay/requestWithdrawal", { ...input }),
  getWithdrawalList: (pageNum: number, pageSize: number) =>
    http.get<PageOf<WithdrawalView>>("pay/getWithdrawalList", { pageNum, pageSize }),
  cancelWithdrawal: (id: number) => http.post<WithdrawalView>("pay/cancelWithdrawal", { id }),
  requestInvoice: (input: { orderNo: string; title: string; taxNo: string; email: string }) =>
    http.post<InvoiceView>("pay/requestInvoice", { ...input }),
  accountConsumption: (filter: ConsumptionFilter) =>
    http.get<PageOf<ConsumptionView>>("user/accountConsumption", {
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
  order: (orderNo: string) => [...payKeys.all, "order", orderNo] as const,
  withdrawals: (pageNum: number, pageSize: number) =>
    [...payKeys.all, "withdrawals", pageNum, pageSize] as const,
};

export function useWithdrawals(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: payKeys.withdrawals(pageNum, pageSize),
    queryFn: () => payApi.getWithdrawalList(pageNum, pageSize),
  });
}

/** 提现 and 撤销: both move frozen money, so the wallet and its records are read again. */
export function useRequestWithdrawalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payApi.requestWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}

export function useCancelWithdrawalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payApi.cancelWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}

/** 取消 of a 待支付 order in 消费明细: closes it (the server's cancelOrder). */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payApi.cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}

export function useWallet() {
  return useQuery({ queryKey: payKeys.wallet(), queryFn: payApi.getWallet });
}

export function useWalletRecords(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: payKeys.records(pageNum, pageSize),
    queryFn: () => payApi.getWalletRecords(pageNum, pageSize),
  });
}

/**
 * A QR payment's order, read every 2 s until it is no longer pending: the provider's notification reaches
 * the server, and the page learns of it here.
 */
export function useOrderUntilSettled(orderNo: string) {
  return useQuery({
    queryKey: payKeys.order(orderNo),
    queryFn: () => payApi.getOrder(orderNo, { silent: true }),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "pending" ? false : 2000),
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
    mutationFn: async (v: { order: CheckoutOrder; provider: string }) => {
      const orderNo = "orderNo" in v.order ? v.order.orderNo : (await payApi.createOrder(v.order)).orderNo;
      return payApi.payOrder(orderNo, v.provider);
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

export function useRequestInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payApi.requestInvoice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payKeys.all }),
  });
}
