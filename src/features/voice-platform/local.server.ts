import "server-only";
import type { AgentSpec, PlatformIds, VoicePlatform } from "./port";

/**
 * The embedded default (no RETELL_API_KEY): the settings are applied here,
 * where the product's own preview and call handling read them from the
 * database, so a quick start works offline and its settings page shows
 * "Live". The ids are stable per AI employee.
 */
export const localVoicePlatform: VoicePlatform = {
  name: "local",
  async apply(spec: AgentSpec, ids: PlatformIds): Promise<PlatformIds> {
    return { agentId: ids.agentId ?? `local-agent-${spec.aiEmployeeId}`, llmId: ids.llmId ?? `local-llm-${spec.aiEmployeeId}` };
  },
};
