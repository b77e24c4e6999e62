import type { Metadata } from "next";
import { pageMetadata } from "@/features/marketing/metadata";
import { DemoBookingPage, type DemoSearchParams } from "@/features/leads/demo-page";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/hire-ai-employee",
    title: "Book Your AI Employee Demo",
    description: "Book a free 20-minute demo: hear an AI employee answer calls for a business like yours and get pricing for your call volume.",
    keywords: ["book AI receptionist demo", "AI employee demo", "AI phone answering demo"],
  });
}

export default function HireAiEmployeePage({ searchParams }: { searchParams: DemoSearchParams }) {
  return <DemoBookingPage searchParams={searchParams} withFeatures={false} />;
}
