import type { AgentSpec } from "@/features/voice-platform/port";
import type { CallerPlan } from "./caller-plan";

/**
 * CONTRACT (helper "engine" builds it): what is pushed to the voice platform,
 * built from the same CallerPlan as the preview. `bookingKey` is the
 * decrypted Cal.com key (null when none is stored: booking stays off).
 */
export function buildAgentSpec(plan: CallerPlan, opts: { aiEmployeeId: string; bookingKey: string | null }): AgentSpec {
  void plan;
  void opts;
  throw new Error("buildAgentSpec: not built yet");
}
