import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { DemoBookingPage } from "@/features/leads/demo-page";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/hire-ai-employee");
}

export default function HireAiEmployeePage() {
  return <DemoBookingPage withFeatures={false} />;
}
