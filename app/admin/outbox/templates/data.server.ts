import "server-only";
import { renderTemplateGallery } from "@/features/email/templates/gallery";
import { config } from "@/lib/config";

export type TemplatesScreenData = { templates: Awaited<ReturnType<typeof renderTemplateGallery>> };

/** /admin/outbox/templates: every e-mail template rendered with sample data, links absolute from PUBLIC_BASE_URL. */
export async function loadTemplatesScreen(): Promise<TemplatesScreenData> {
  return { templates: await renderTemplateGallery(config().baseUrl) };
}
