import { api, apiPath, withQuery } from "@/lib/api-client";
import type { DeliveryView, EndpointCreated, EndpointView, SecretRotated } from "../endpoint.schema";
import type { WebhookEventType } from "../event-types";

/** The page's calls to the webhook endpoints API, and its query keys. */
export const ENDPOINTS_KEY = ["/api/webhook-endpoints"] as const;
export const deliveriesKey = (endpointId: string, cursor: string | null) => ["/api/webhook-endpoints", endpointId, "deliveries", cursor ?? ""] as const;

export type EndpointList = { items: EndpointView[] };
export type DeliveryPage = { items: DeliveryView[]; nextCursor: string | null };
export type EndpointFields = { url: string; description: string; eventTypes: WebhookEventType[] };

/** Deliveries shown per page. */
export const DELIVERIES_PAGE = 10;

export const webhooksApi = {
  create: (fields: EndpointFields) => api.post<EndpointCreated>("/api/webhook-endpoints", fields),
  update: (id: string, patch: Partial<EndpointFields & { enabled: boolean }>) => api.patch<EndpointView>(apiPath`/api/webhook-endpoints/${id}`, patch),
  remove: (id: string) => api.delete(apiPath`/api/webhook-endpoints/${id}`),
  rotate: (id: string) => api.post<SecretRotated>(apiPath`/api/webhook-endpoints/${id}/rotate-secret`),
  sendTest: (id: string, type: WebhookEventType) => api.post<DeliveryView>(apiPath`/api/webhook-endpoints/${id}/test`, { type }),
  resend: (deliveryId: string) => api.post<DeliveryView>(apiPath`/api/webhook-deliveries/${deliveryId}/resend`),
  deliveries: (id: string, cursor: string | null, signal?: AbortSignal) =>
    api.get<DeliveryPage>(withQuery(apiPath`/api/webhook-endpoints/${id}/deliveries`, { limit: DELIVERIES_PAGE, cursor }), { signal }),
};
