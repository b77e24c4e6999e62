import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { ContactPageBody, contactRefusal } from "@/features/contact/contact-page";

/** The contact page's metadata (canonical /contact), kept out of search results. */
export async function generateMetadata(): Promise<Metadata> {
  return { ...(await routeMetadata("/contact")), robots: { index: false } };
}

/**
 * /contact?error=...&fields=... after a refused no-JavaScript post: the proxy
 * rewrites it here (the address stays /contact?...), rendered per request with
 * the error, while plain /contact stays prerendered.
 */
export default async function ContactRefusedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { code, fields } = contactRefusal(await searchParams);
  return <ContactPageBody code={code} fields={fields} />;
}
