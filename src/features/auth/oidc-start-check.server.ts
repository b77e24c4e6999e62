import "server-only";
import { config } from "@/lib/config";

const TIMEOUT_MS = 5_000;

/** The discovery document's URL for an issuer (OIDC_ISSUER_URL). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
}

async function discoveryProblem(issuer: string, timeoutMs: number): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(discoveryUrl(issuer), { signal: AbortSignal.timeout(timeoutMs), redirect: "manual", headers: { accept: "application/json" } });
  } catch (err) {
    if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) return `no answer within ${timeoutMs / 1000} s`;
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    return `cannot reach it (${cause})`;
  }
  if (!res.ok) return `its discovery document answered HTTP ${res.status}`;
  let doc: Record<string, unknown>;
  try {
    doc = (await res.json()) as Record<string, unknown>;
  } catch {
    return "its discovery document is not JSON";
  }
  const missing = ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"].filter((k) => typeof doc[k] !== "string");
  if (missing.length) return `its discovery document lacks ${missing.join(", ")}`;
  if (String(doc.issuer).replace(/\/$/, "") !== issuer.replace(/\/$/, "")) return `its discovery document names another issuer (${String(doc.issuer)})`;
  return null;
}

/**
 * Start check (instrumentation.ts): the OpenID Connect issuer's discovery
 * document answers, in time, with what sign-in needs. Null when OIDC is off.
 */
export async function oidcStartCheck(timeoutMs = TIMEOUT_MS): Promise<string | null> {
  const issuer = config().OIDC_ISSUER_URL;
  if (!issuer) return null;
  const reason = await discoveryProblem(issuer, timeoutMs);
  if (!reason) return null;
  return `OIDC_ISSUER_URL: the OpenID Connect discovery at ${discoveryUrl(issuer)} failed: ${reason}. The server starts anyway; sign-in fails until the issuer answers.`;
}
