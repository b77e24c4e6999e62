import "server-only";
import { BRAND } from "@/lib/brand";
import { config } from "@/lib/config";
import { hipaaClaims, priceRange } from "@/features/plans/catalogue";

export const BUSINESS_SERVICES = [
  "24/7 AI phone answering",
  "Website live chat",
  "SMS appointment booking",
  "Instagram and Facebook message replies",
  hipaaClaims().service,
  "Custom AI bots for government and defense contractors",
] as const;

/** The LocalBusiness structured-data record (spec 1 and 9). */
export function localBusinessRecord(baseUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": `${baseUrl}/#business`,
    name: BRAND.name,
    slogan: BRAND.tagline,
    description: BRAND.description,
    url: `${baseUrl}/`,
    telephone: BRAND.phone,
    email: BRAND.email,
    openingHours: BRAND.hours,
    priceRange: priceRange(),
    paymentAccepted: "Credit Card, ACH",
    currenciesAccepted: "USD",
    areaServed: { "@type": "Country", name: "United States" },
    knowsLanguage: "English",
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: BRAND.phone,
      email: BRAND.email,
      areaServed: "US",
      availableLanguage: "English",
    },
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "AI employee services",
      itemListElement: BUSINESS_SERVICES.map((name) => ({ "@type": "Offer", itemOffered: { "@type": "Service", name } })),
    },
  };
}

/** Writes the record as JSON-LD; '<' is escaped so text can never close the script. */
export function LocalBusinessJsonLd() {
  const json = JSON.stringify(localBusinessRecord(config().baseUrl)).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
