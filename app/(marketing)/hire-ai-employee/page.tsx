import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { DemoBookingPage, type DemoSearchParams } from "@/features/leads/demo-page";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/hire-ai-employee");
}

export default function HireAiEmployeePage({ searchParams }: { searchParams: DemoSearchParams }) {
  return <DemoBookingPage searchParams={searchParams} withFeatures={false} />;
}
