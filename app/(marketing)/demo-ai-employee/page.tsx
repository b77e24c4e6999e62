import type { Metadata } from "next";
import { routeMetadata } from "@/features/marketing/metadata";
import { DemoBookingPage } from "@/features/leads/demo-page";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/demo-ai-employee");
}

export default function DemoAiEmployeePage() {
  return <DemoBookingPage withFeatures />;
}
