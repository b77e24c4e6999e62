import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, productionProblems } from "./config";

describe("configuration", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const cfg = parseConfig({});
    expect(cfg.baseUrl).toBe("http://localhost:3000");
    expect(cfg.stripeEnabled).toBe(false);
    expect(cfg.oidcEnabled).toBe(false);
    expect(cfg.pgliteDir).toBe("./data/pglite");
    expect(cfg.ADMIN_EMAILS).toEqual([]);
  });

  it("names the variable and what is expected when a value is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrowError(/PORT must be a port number/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL/);
    expect(() => parseConfig({ ADMIN_EMAILS: "a@b.co, not-an-email" })).toThrowError(/ADMIN_EMAILS/);
    expect(() => parseConfig({ PUBLIC_BASE_URL: "localhost" })).toThrowError(/PUBLIC_BASE_URL must be an absolute URL/);
  });

  it("says what a whole-number setting takes, and defaults it when unset", () => {
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "2.5" })).toThrowError(/DATABASE_POOL_SIZE must be a whole number of connections/);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: "0" })).toThrowError(/DATABASE_POOL_SIZE must be at least 1/);
    expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrowError(/DATABASE_STATEMENT_TIMEOUT_MS must be a number of milliseconds/);
    expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "700000" })).toThrowError(/DATABASE_STATEMENT_TIMEOUT_MS must be at most 600000 \(10 minutes\)/);
    expect(() => parseConfig({ INGEST_RATE_LIMIT_PER_MINUTE: "100001" })).toThrowError(/INGEST_RATE_LIMIT_PER_MINUTE must be at most 100000/);
    expect(() => parseConfig({ INTERACTION_RETENTION_DAYS: "3651" })).toThrowError(/INTERACTION_RETENTION_DAYS must be at most 3650 \(10 years\)/);
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: "-1" })).toThrowError(/TRUSTED_PROXY_HOPS must be 0 or more/);
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: "1.5" })).toThrowError(/TRUSTED_PROXY_HOPS must be a whole number of proxies \(0 when clients connect directly\)/);
    const cfg = parseConfig({ INGEST_RATE_LIMIT_PER_MINUTE: "120" });
    expect([cfg.DATABASE_POOL_SIZE, cfg.DATABASE_STATEMENT_TIMEOUT_MS, cfg.INGEST_RATE_LIMIT_PER_MINUTE, cfg.INTERACTION_RETENTION_DAYS, cfg.TRUSTED_PROXY_HOPS]).toEqual([10, 5000, 120, 365, 0]);
  });

  it("requires the whole S3 triple", () => {
    expect(() => parseConfig({ S3_BUCKET: "media" })).toThrowError(/S3_ACCESS_KEY_ID is required when any S3_\* credential is set/);
  });

  it("lists every problem at once", () => {
    try {
      parseConfig({ PORT: "0", STRIPE_SECRET_KEY: "sk_test_1" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/STRIPE_PUBLISHABLE_KEY is required when any STRIPE_\* key is set/);
      expect(problems).toMatch(/STRIPE_WEBHOOK_SECRET is required/);
    }
  });

  it("requires the whole OIDC triple", () => {
    expect(() => parseConfig({ OIDC_ISSUER_URL: "https://id.example.com" })).toThrowError(/OIDC_CLIENT_ID is required/);
    expect(parseConfig({ OIDC_ISSUER_URL: "https://id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }).oidcEnabled).toBe(true);
  });

  it("lower-cases admin e-mails", () => {
    expect(parseConfig({ ADMIN_EMAILS: "Boss@Example.com, ops@example.com" }).ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("refuses embedded adapters in production unless allowed", () => {
    const prod = parseConfig({ NODE_ENV: "production" });
    const problems = productionProblems(prod).join("\n");
    expect(problems).toMatch(/DATABASE_URL is required in production/);
    expect(problems).toMatch(/STRIPE_SECRET_KEY is required in production/);
    expect(problems).toMatch(/RETELL_API_KEY is required in production/);
    expect(problems).toMatch(/ALLOW_EMBEDDED_IN_PRODUCTION=true/);
    expect(productionProblems(parseConfig({ NODE_ENV: "production", ALLOW_EMBEDDED_IN_PRODUCTION: "true" }))).toEqual([]);
    expect(productionProblems(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
  });

  it("uses secure cookies only in production over https", () => {
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: "https://app.example.com" }).secureCookies).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: "http://localhost:3000" }).secureCookies).toBe(false);
    expect(parseConfig({ PUBLIC_BASE_URL: "https://app.example.com" }).secureCookies).toBe(false);
  });

  it("reads Retell's API address, https://api.retellai.com by default, without a trailing slash", () => {
    expect(parseConfig({}).RETELL_API_BASE_URL).toBe("https://api.retellai.com");
    expect(parseConfig({ RETELL_API_BASE_URL: "http://127.0.0.1:4010/" }).RETELL_API_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(() => parseConfig({ RETELL_API_BASE_URL: "api.retellai.com" })).toThrowError(/RETELL_API_BASE_URL must be an absolute URL/);
    expect(parseConfig({ RETELL_API_KEY: "key_0123456789abcdef" }).retellEnabled).toBe(true);
  });

  describe("Twilio (SMS, issue 25)", () => {
    const SID = "AC0123456789abcdef0123456789abcdef";
    const full = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef", TWILIO_FROM_NUMBER: "+12125550100" };
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (err) {
        return (err as ConfigError).problems.join("\n");
      }
      return "";
    };

    it("sends through Twilio when all three are set, else keeps the SMS outbox", () => {
      expect(parseConfig(full).smsEnabled).toBe(true);
      expect(parseConfig({}).smsEnabled).toBe(false);
      expect(parseConfig({ ...full, TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "", TWILIO_FROM_NUMBER: "" }).smsEnabled).toBe(false);
    });

    it("names each missing TWILIO_* credential when only some are set", () => {
      const onlySid = problems({ TWILIO_ACCOUNT_SID: SID });
      expect(onlySid).toMatch(/TWILIO_AUTH_TOKEN is required when any TWILIO_\* credential is set/);
      expect(onlySid).toMatch(/TWILIO_FROM_NUMBER is required when any TWILIO_\* credential is set/);
      expect(onlySid).not.toMatch(/TWILIO_ACCOUNT_SID/);
      const noFrom = problems({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: full.TWILIO_AUTH_TOKEN });
      expect(noFrom).toMatch(/TWILIO_FROM_NUMBER is required/);
      expect(noFrom).not.toMatch(/TWILIO_AUTH_TOKEN|TWILIO_ACCOUNT_SID/);
      expect(problems({ TWILIO_FROM_NUMBER: "+12125550100" })).toMatch(/TWILIO_ACCOUNT_SID is required[\s\S]*TWILIO_AUTH_TOKEN is required/);
    });

    it("says what a malformed value should look like", () => {
      expect(problems({ ...full, TWILIO_ACCOUNT_SID: "AC123" })).toMatch(/TWILIO_ACCOUNT_SID must be a Twilio Account SID \(AC followed by 32 hex characters\)/);
      expect(problems({ ...full, TWILIO_FROM_NUMBER: "(212) 555-0100" })).toMatch(/TWILIO_FROM_NUMBER must be a phone number in E.164 format/);
      expect(problems({ ...full, TWILIO_AUTH_TOKEN: "short" })).toMatch(/TWILIO_AUTH_TOKEN must be the Twilio auth token/);
    });

    it("reads Twilio's API address, https://api.twilio.com by default, without a trailing slash", () => {
      expect(parseConfig({}).TWILIO_API_BASE_URL).toBe("https://api.twilio.com");
      expect(parseConfig({ TWILIO_API_BASE_URL: "http://127.0.0.1:4020/" }).TWILIO_API_BASE_URL).toBe("http://127.0.0.1:4020");
      expect(problems({ TWILIO_API_BASE_URL: "api.twilio.com" })).toMatch(/TWILIO_API_BASE_URL must be an absolute URL/);
    });
  });

  it("reads OUTBOUND_ALLOW_HOSTS as hosts with optional ports, empty by default", () => {
    expect(parseConfig({}).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(parseConfig({ OUTBOUND_ALLOW_HOSTS: " Recordings.Test, 127.0.0.1:9443,[::1]:8080 ," }).OUTBOUND_ALLOW_HOSTS).toEqual([
      { host: "recordings.test", port: null },
      { host: "127.0.0.1", port: 9443 },
      { host: "[::1]", port: 8080 },
    ]);
  });

  it.each(["http://recordings.test", "recordings.test:99999", "recordings.test:", "a b", "host/path", "user@host"])("stops the start on the malformed OUTBOUND_ALLOW_HOSTS entry %s", (entry) => {
    expect(() => parseConfig({ OUTBOUND_ALLOW_HOSTS: `ok.test,${entry}` })).toThrowError(/OUTBOUND_ALLOW_HOSTS has the malformed entry/);
  });
});
