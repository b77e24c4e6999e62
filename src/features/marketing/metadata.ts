import "server-only";
import type { Metadata } from "next";
import { connection } from "next/server";
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

/** The absolute URL of a path on the public site (from PUBLIC_BASE_URL at request time). */
export function absoluteUrl(path: string): string {
  return `${config().baseUrl}${path === "/" ? "/" : path}`;
}

/**
 * Every public page's metadata: title, description, keywords, absolute
 * canonical link, Open Graph title/description/url and a Twitter card. It
 * waits for the request (`connection()`), so the canonical host follows the
 * runtime PUBLIC_BASE_URL rather than whatever the build machine had.
 */
export async function pageMetadata(meta: PageMeta): Promise<Metadata> {
  await connection();
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
