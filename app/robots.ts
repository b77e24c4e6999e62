import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { absoluteUrl } from "@/features/marketing/metadata";

/** /robots.txt: public pages open; account, admin and API paths not crawled. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/dashboard", "/billing", "/subscribe", "/checkout", "/login"] }],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
