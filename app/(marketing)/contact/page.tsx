import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { ContactPageBody } from "@/features/contact/contact-page";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/contact");
}

/** Prerendered; a refused no-JavaScript post is shown by ./refused (see proxy.ts). */
export default function ContactPage() {
  return <ContactPageBody />;
}
