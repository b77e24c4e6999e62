import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/features/marketing/metadata";
import { PUBLIC_ROUTES } from "@/features/marketing/routes";

/** /sitemap.xml: every public page, on the runtime PUBLIC_BASE_URL. */
export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_ROUTES.filter((r) => r.path !== "/contact-thank-you").map((r) => ({
    url: absoluteUrl(r.path),
    changeFrequency: r.path === "/terms-of-service" || r.path === "/privacy-policy" ? "yearly" : "monthly",
    priority: r.priority,
  }));
}
