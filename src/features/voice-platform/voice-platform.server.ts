import "server-only";
import { config } from "@/lib/config";
import { localVoicePlatform } from "./local.server";
import type { VoicePlatform } from "./port";
import { retellVoicePlatform } from "./retell.server";

/** The voice platform in use: Retell when RETELL_API_KEY is set, else the embedded default. */
export function voicePlatform(): VoicePlatform {
  const cfg = config();
  if (!cfg.RETELL_API_KEY) return localVoicePlatform;
  return retellVoicePlatform({ apiKey: cfg.RETELL_API_KEY, baseUrl: cfg.RETELL_API_BASE_URL });
}

/** Which one answers, without building it ("retell" or "local"), for the sync status. */
export function voicePlatformName(): VoicePlatform["name"] {
  return config().RETELL_API_KEY ? "retell" : "local";
}
