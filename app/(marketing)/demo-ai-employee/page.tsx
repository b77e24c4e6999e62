import type { Metadata } from "next";
import { pageMetadata } from "@/features/marketing/metadata";
import { DemoBookingPage, type DemoSearchParams } from "@/features/leads/demo-page";

export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: "/demo-ai-employee",
    title: "AI Employee Demo",
    description: "See your AI employee in action: a live call, a booking landing in the calendar and a setup plan tailored to your business.",
    keywords: ["AI employee demo", "AI receptionist live demo", "AI appointment booking demo"],
  });
}

export default function DemoAiEmployeePage({ searchParams }: { searchParams: DemoSearchParams }) {
  return <DemoBookingPage searchParams={searchParams} withFeatures />;
}
