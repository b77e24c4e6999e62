import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readFileSync as read } from "node:fs";
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { resetConfigForTests } from "@/lib/config";
import { authSecret, deriveKey, loadOrCreateSecretFile, resetSecretForTests } from "@/lib/secrets";
import { sandboxWebhookSecret } from "@/features/billing/sandbox/sandbox-provider.server";
import { getDb } from "@/lib/db";
import { user } from "@/db/schema";
import { GET as authGet } from "@app/api/auth/[...all]/route";
import { createUser } from "../http-helpers";

const OLD_PUBLIC_SECRET = "development-only-secret-change-me-0123456789abcdef";

afterEach(() => {
  resetConfigForTests();
  resetSecretForTests();
});

describe("no built-in secret in any mode", () => {
  it("the source holds no default signing secret", () => {
    const source = read(path.resolve(import.meta.dirname, "../../src/lib/config.ts"), "utf8");
    expect(source).not.toContain(OLD_PUBLIC_SECRET);
    expect(source).not.toMatch(/DEV_AUTH_SECRET/);
  });

  it("without AUTH_SECRET a random secret is generated once into the data folder (0600) and reused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secret-"));
    const first = loadOrCreateSecretFile(dir);
    const file = path.join(dir, "auth-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretFile(dir)).toBe(first);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(loadOrCreateSecretFile(mkdtempSync(path.join(tmpdir(), "secret-")))).not.toBe(first);
  });

  it("authSecret() uses that file when AUTH_SECRET is unset", () => {
    const saved = process.env.AUTH_SECRET;
    const dir = mkdtempSync(path.join(tmpdir(), "secret-"));
    delete process.env.AUTH_SECRET;
    process.env.DATA_DIR = dir;
    resetConfigForTests();
    resetSecretForTests();
    try {
      expect(authSecret()).toBe(readFileSync(path.join(dir, "auth-secret"), "utf8").trim());
    } finally {
      process.env.AUTH_SECRET = saved;
      delete process.env.DATA_DIR;
    }
  });

  it("every other key is derived from the secret: distinct per purpose, none computable from the source", () => {
    const upload = deriveKey("upload-url-v1");
    expect(upload).toHaveLength(32);
    expect(upload.equals(deriveKey("sandbox-webhook-v1"))).toBe(false);
    expect(upload.toString("utf8")).not.toContain(authSecret());
    const oldScheme = "whsec_sandbox_" + createHmac("sha256", OLD_PUBLIC_SECRET).update("sandbox-webhook").digest("hex").slice(0, 32);
    expect(sandboxWebhookSecret()).not.toBe(oldScheme);
    expect(sandboxWebhookSecret()).toMatch(/^whsec_sandbox_[0-9a-f]{64}$/);
  });

  it("a sandbox webhook signed with the old public secret is refused", async () => {
    const { POST } = await import("@app/api/stripe/webhook/route");
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "customer.subscription.updated", data: { object: { id: "sub_x", customer: "cus_x" } } });
    const oldScheme = "whsec_sandbox_" + createHmac("sha256", OLD_PUBLIC_SECRET).update("sandbox-webhook").digest("hex").slice(0, 32);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: oldScheme });
    const res = await POST(new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body: payload }));
    expect(res.status).toBe(400);
  });

  it("a verification token forged with the old public secret verifies nothing", async () => {
    const { createEmailVerificationToken } = await import("better-auth/api");
    const victim = await createUser({ verified: false, email: `victim-${Date.now()}@example.com` });
    const token = await createEmailVerificationToken(OLD_PUBLIC_SECRET, victim.email);
    const res = await authGet(new Request(`http://localhost:3000/api/auth/verify-email?token=${token}`));
    expect(res.status).toBeGreaterThanOrEqual(300);
    const [row] = await (await getDb()).select().from(user).where(eq(user.email, victim.email));
    expect(row?.emailVerified).toBe(false);
  });
});
