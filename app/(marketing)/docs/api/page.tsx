import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { config } from "@/lib/config";
import { openApiDocument } from "@/features/api-docs/openapi-document";
import { ApiReference } from "@/features/api-docs/components/api-reference";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/docs/api");
}

/** /docs/api: the OpenAPI document of /api/openapi.json as a page, prerendered from the same function. */
export default function ApiReferencePage() {
  return <ApiReference doc={openApiDocument(config().baseUrl)} documentUrl="/api/openapi.json" />;
}
