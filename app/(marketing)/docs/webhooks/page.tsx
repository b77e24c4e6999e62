import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { config } from "@/lib/config";
import { openApiDocument } from "@/features/api-docs/openapi-document";
import { WebhooksGuide } from "@/features/api-docs/components/webhooks-guide";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/docs/webhooks");
}

/** /docs/webhooks: the guide for customers' developers, prerendered. */
export default function WebhooksGuidePage() {
  const baseUrl = config().baseUrl;
  return <WebhooksGuide doc={openApiDocument(baseUrl)} baseUrl={baseUrl} />;
}
