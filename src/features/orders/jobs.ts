import type { FeatureJobs } from "@/lib/jobs";
import { orderSetupEmailJob } from "./orders.server";

/** Orders' background work: the AI-ready order's set-up e-mail. */
export const ordersJobs: FeatureJobs = { feature: "orders", jobs: [orderSetupEmailJob] };
