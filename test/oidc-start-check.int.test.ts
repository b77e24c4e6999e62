import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { oidcStartCheck } from "@/features/auth/oidc-start-check.server";
import { resetConfigForTests } from "@/lib/config";
import { startOidcTestProvider, type TestOidcProvider } from "./oidc-test-provider";

/** The start check names OIDC_ISSUER_URL and the reason when the issuer's discovery fails. */

let oidc: TestOidcProvider;
let silent: Server;
let silentUrl: string;

function useIssuer(url: string | undefined) {
  if (url === undefined) {
    for (const key of ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]) delete process.env[key];
  } else {
    Object.assign(process.env, { OIDC_ISSUER_URL: url, OIDC_CLIENT_ID: "portal-client", OIDC_CLIENT_SECRET: "secret" });
  }
  resetConfigForTests();
}

beforeAll(async () => {
  oidc = await startOidcTestProvider({ redirectUris: ["http://localhost:3000/api/auth/callback/oidc"], accounts: [] });
  // Accepts connections and never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterEach(() => useIssuer(undefined));

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
  await oidc.stop();
});

describe("oidcStartCheck", () => {
  it("is silent when OIDC is off", async () => {
    useIssuer(undefined);
    expect(await oidcStartCheck()).toBeNull();
  });

  it("is silent when the issuer's discovery answers", async () => {
    useIssuer(oidc.issuer);
    expect(await oidcStartCheck()).toBeNull();
  });

  it("names the variable and says the issuer cannot be reached", async () => {
    const closed = await startOidcTestProvider({ redirectUris: ["http://localhost:3000/cb"], accounts: [] });
    await closed.stop();
    useIssuer(closed.issuer);
    const warning = await oidcStartCheck();
    expect(warning).toMatch(/^OIDC_ISSUER_URL: /);
    expect(warning).toContain(`${closed.issuer}/.well-known/openid-configuration`);
    expect(warning).toMatch(/cannot reach it \(.*ECONNREFUSED.*\)/);
  });

  it("says the issuer did not answer in time", async () => {
    useIssuer(silentUrl);
    const started = Date.now();
    const warning = await oidcStartCheck(300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(warning).toMatch(/^OIDC_ISSUER_URL: .*no answer within 0\.3 s/);
  });

  it("says which HTTP status the discovery document answered (a wrong issuer path)", async () => {
    useIssuer(`${oidc.issuer}/wrong-tenant`);
    expect(await oidcStartCheck()).toMatch(/^OIDC_ISSUER_URL: .*answered HTTP 404/);
  });
});
