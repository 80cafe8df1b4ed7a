import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatorFormOrders, FormOrderStatus, FormOrderView } from "@wjgj/core";
import { fetchProtectedBlob, saveBlob } from "./exports.ts";
import { http } from "./request.ts";

/**
 * 商品订单 (issue #41): the creator's 订单管理 on the results page — the list with its totals, 退款 and the
 * export. Shapes: core's api/form-orders-api.ts.
 */

export interface FormOrdersQuery {
  id: number;
  /** Absent: every status. */
  status?: FormOrderStatus;
  pageNum: number;
  pageSize: number;
}

export interface RefundFormOrderInput {
  id: number;
  orderNo: string;
  amountFen: number;
  reason: string;
}

export const formOrdersApi = {
  list: (input: FormOrdersQuery) => http.get<CreatorFormOrders>("questionary/formOrders", { ...input }),
  refund: (input: RefundFormOrderInput) => http.postJson<FormOrderView>("questionary/refundFormOrder", input),
  /** 导出订单: an owner-only file, fetched with the session headers a plain link cannot send. */
  export: async (id: number, title: string) =>
    saveBlob(
      await fetchProtectedBlob(`/wjgj/api/questionary/exportFormOrders?id=${id}`),
      `${title || "问卷"}-订单.xlsx`,
    ),
};

export const formOrderKeys = {
  all: (id: number) => ["formOrders", id] as const,
  list: (query: FormOrdersQuery) =>
    ["formOrders", query.id, query.status ?? "", query.pageNum, query.pageSize] as const,
};

export function useFormOrders(query: FormOrdersQuery) {
  return useQuery({
    queryKey: formOrderKeys.list(query),
    queryFn: () => formOrdersApi.list(query),
    // Paging and filtering keep the last page on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** 退款: the list and its totals reload, as both change with the refund. */
export function useRefundFormOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RefundFormOrderInput, "id">) => formOrdersApi.refund({ id, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: formOrderKeys.all(id) }),
  });
}
