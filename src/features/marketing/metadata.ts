import "server-only";
import type { Metadata } from "next";
import { BRAND } from "@/lib/brand";
import { config } from "@/lib/config";
import { PUBLIC_ROUTES, type PublicPath } from "./routes";

export type PageMeta = {
  /** Route path, e.g. '/pricing' ('/' for home). */
  path: string;
  /** Page title without the site name (the root layout's template adds it). */
  title: string;
  description: string;
  keywords: readonly string[];
  /** Use the title as is (home). */
  absoluteTitle?: boolean;
};

/** The absolute URL of a path on the public site (from the PUBLIC_BASE_URL the server runs with). */
export function absoluteUrl(path: string): string {
  return `${config().baseUrl}${path === "/" ? "/" : path}`;
}

/**
 * Every public page's metadata: title, description, keywords, absolute
 * canonical link, Open Graph title/description/url and a Twitter card. The
 * pages are prerendered, and rendered again on their first request after the
 * server starts (page-cache-handler.mjs, ADR 0098), so the canonical host is
 * the PUBLIC_BASE_URL the server runs with, not the build machine's.
 */
export async function pageMetadata(meta: PageMeta): Promise<Metadata> {
  const url = absoluteUrl(meta.path);
  const fullTitle = meta.absoluteTitle ? meta.title : `${meta.title} | ${BRAND.name}`;
  return {
    title: meta.absoluteTitle ? { absolute: meta.title } : meta.title,
    description: meta.description,
    keywords: [...meta.keywords],
    alternates: { canonical: url },
    openGraph: {
      type: "website",
      siteName: BRAND.name,
      locale: "en_US",
      title: fullTitle,
      description: meta.description,
      url,
    },
    twitter: { card: "summary", title: fullTitle, description: meta.description },
  };
}

/** A public page's metadata, from its row in PUBLIC_ROUTES. */
export function routeMetadata(path: PublicPath): Promise<Metadata> {
  const route = PUBLIC_ROUTES.find((r) => r.path === path)!;
  return pageMetadata({ ...route, absoluteTitle: "absoluteTitle" in route && route.absoluteTitle });
}
