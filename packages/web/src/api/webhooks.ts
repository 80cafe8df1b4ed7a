import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEventType,
  WebhookSummary,
  WebhookWithSecret,
} from "@wjgj/core";
import { http } from "./request.ts";

/** 数据推送: `/wjgj/api/webhook/*`; `questionnaireId` absent means the account's hooks for every questionnaire. */
export const webhookApi = {
  list: (questionnaireId: number | null) =>
    http.get<WebhookSummary[]>("webhook/list", { questionnaireId: questionnaireId ?? "" }),
  create: (input: { questionnaireId: number | null; url: string; events: WebhookEventType[] }) =>
    http.post<WebhookWithSecret>("webhook/create", {
      questionnaireId: input.questionnaireId ?? "",
      url: input.url,
      events: input.events.join(","),
    }),
  update: (input: { id: number; enabled?: boolean; url?: string; events?: WebhookEventType[] }) =>
    http.post<WebhookSummary>("webhook/update", {
      id: input.id,
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.events === undefined ? {} : { events: input.events.join(",") }),
    }),
  rotateSecret: (id: number) => http.post<WebhookWithSecret>("webhook/rotateSecret", { id }),
  remove: (id: number) => http.post<null>("webhook/delete", { id }),
  deliveries: (id: number, pageNum: number) =>
    http.get<WebhookDeliveryPage>("webhook/deliveries", { id, pageNum, pageSize: 10 }),
  replay: (id: number, deliveryId: number) =>
    http.post<WebhookDelivery>("webhook/replay", { id, deliveryId }),
  test: (id: number) => http.post<WebhookDelivery>("webhook/test", { id }),
};

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: (questionnaireId: number | null) => [...webhookKeys.all, "list", questionnaireId] as const,
  deliveries: (id: number, pageNum: number) => [...webhookKeys.all, "deliveries", id, pageNum] as const,
};

export function useWebhooks(questionnaireId: number | null) {
  return useQuery({
    queryKey: webhookKeys.list(questionnaireId),
    queryFn: () => webhookApi.list(questionnaireId),
  });
}

/** The log refreshes while something in it is still waiting to be sent. */
export function useWebhookDeliveries(id: number | null, pageNum: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0, pageNum),
    queryFn: () => webhookApi.deliveries(id ?? 0, pageNum),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.list.some((delivery) => delivery.status === "pending") ? 2000 : false,
  });
}

function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhookMutation = () => useWebhookMutation(webhookApi.create);
export const useUpdateWebhookMutation = () => useWebhookMutation(webhookApi.update);
export const useRotateWebhookSecretMutation = () => useWebhookMutation(webhookApi.rotateSecret);
export const useDeleteWebhookMutation = () => useWebhookMutation(webhookApi.remove);
export const useReplayDeliveryMutation = () =>
  useWebhookMutation((input: { id: number; deliveryId: number }) =>
    webhookApi.replay(input.id, input.deliveryId),
  );
export const useTestWebhookMutation = () => useWebhookMutation(webhookApi.test);
