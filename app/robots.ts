import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/features/marketing/metadata";

/** /robots.txt: public pages open; account, admin and API paths not crawled. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/dashboard", "/billing", "/subscribe", "/checkout", "/login", "/forgot-password", "/reset-password"] }],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
