import type { FeatureJobs } from "@/lib/jobs";
import { usageReportJob } from "./usage.server";

/** Usage's background work: reporting recorded usage to the payment provider. */
export const usageJobs: FeatureJobs = { feature: "usage", jobs: [usageReportJob] };
