import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { absoluteUrl } from "@/features/marketing/metadata";
import { PUBLIC_ROUTES } from "@/features/marketing/routes";

/** /sitemap.xml: every public page, on the runtime PUBLIC_BASE_URL. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  return PUBLIC_ROUTES.filter((r) => r.path !== "/contact-thank-you").map((r) => ({
    url: absoluteUrl(r.path),
    changeFrequency: r.path === "/terms-of-service" || r.path === "/privacy-policy" ? "yearly" : "monthly",
    priority: r.priority,
  }));
}
