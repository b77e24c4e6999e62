import { LocalBusinessJsonLd } from "@/features/marketing/json-ld";

/**
 * Public pages are prerendered and served from the page cache; each is rendered
 * again at most hourly (Cache-Control: s-maxage=3600, stale-while-revalidate),
 * so a CDN may share them and a deploy reaches it within the hour (ADR 0098).
 */
export const revalidate = 3600;

/** Public pages: the LocalBusiness structured data goes on every one of them. */
export default function MarketingLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <LocalBusinessJsonLd />
      {children}
    </>
  );
}
