import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./http-helpers";

/** A loopback OpenID Connect issuer that serves only its discovery document. */
let issuer: Server;
let issuerUrl: string;

beforeAll(async () => {
  issuer = createServer((req, res) => {
    if (req.url === "/.well-known/openid-configuration") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          issuer: issuerUrl,
          authorization_endpoint: `${issuerUrl}/authorize`,
          token_endpoint: `${issuerUrl}/token`,
          userinfo_endpoint: `${issuerUrl}/userinfo`,
          jwks_uri: `${issuerUrl}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => issuer.listen(0, "127.0.0.1", () => r()));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  process.env.OIDC_ISSUER_URL = issuerUrl;
  process.env.OIDC_CLIENT_ID = "portal-client";
  process.env.OIDC_CLIENT_SECRET = "portal-secret";
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("ai-employees.auth")];
});

afterAll(async () => {
  delete process.env.OIDC_ISSUER_URL;
  delete process.env.OIDC_CLIENT_ID;
  delete process.env.OIDC_CLIENT_SECRET;
  const { resetConfigForTests } = await import("@/lib/config");
  resetConfigForTests();
  await new Promise((r) => issuer.close(r));
});

describe("GET /api/login with an OpenID Connect issuer configured", () => {
  it("redirects to the issuer's authorization endpoint with client id, callback, state and PKCE", async () => {
    const { GET } = await import("@app/api/login/route");
    const res = await call(GET, { path: "/api/login?returnTo=/billing" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuerUrl}/authorize`);
    expect(location.searchParams.get("client_id")).toBe("portal-client");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/oidc");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("scope")).toContain("openid");
    // The state cookie travels with the redirect.
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
  });
});
