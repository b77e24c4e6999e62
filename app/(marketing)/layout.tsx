import { LocalBusinessJsonLd } from "@/features/marketing/json-ld";

/** Public pages: the LocalBusiness structured data goes on every one of them. */
export default function MarketingLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <LocalBusinessJsonLd />
      {children}
    </>
  );
}
