import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "@/lib/db";
import { resetConfigForTests } from "@/lib/config";
import { interactions } from "@/db/schema";
import { POST } from "@app/api/v1/webhooks/retell/route";
import { call } from "./http-helpers";

/** Retell's webhook in tests: the payloads in test/fixtures/retell, signed as Retell signs them. */

export const RETELL_KEY = "key_5f3a9c1e7b2d48a6b0c4e9f1d2a7c3b8";
const FIXTURES = path.join(import.meta.dirname, "fixtures/retell");
/** The fixtures' first call starts at this time; every call is moved by the same amount to start an hour ago. */
const FIXTURE_START = 1795676580000;

export type RetellFixture = { event: string; call: Record<string, unknown> & { call_id: string } };

/** Sets RETELL_API_KEY for the file (restored afterwards). */
export function withRetellKey(): void {
  const saved = process.env.RETELL_API_KEY;
  beforeAll(() => {
    process.env.RETELL_API_KEY = RETELL_KEY;
    resetConfigForTests();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.RETELL_API_KEY;
    else process.env.RETELL_API_KEY = saved;
    resetConfigForTests();
  });
}

/** A fixture, its timestamps moved to the last hour, its web call naming `aiEmployeeId`. */
export function retellFixture(name: string, aiEmployeeId: string, over: Record<string, unknown> = {}): RetellFixture {
  const f = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as RetellFixture;
  const shift = Date.now() - 3_600_000 - FIXTURE_START;
  for (const k of ["start_timestamp", "end_timestamp"]) if (typeof f.call[k] === "number") f.call[k] = (f.call[k] as number) + shift;
  if ((f.call.metadata as { aiEmployeeId?: string } | undefined)?.aiEmployeeId) f.call.metadata = { ...(f.call.metadata as object), aiEmployeeId };
  Object.assign(f.call, over);
  return f;
}

/** Retell's signature, computed here from the scheme (not with the code under test). */
export function retellSign(body: string, key = RETELL_KEY, timestamp = Date.now()): string {
  return `v=${timestamp},d=${createHmac("sha256", key)
    .update(body + timestamp)
    .digest("hex")}`;
}

export function deliverRetell(body: string, signature: string | null = retellSign(body)): Promise<Response> {
  return call(POST, { method: "POST", path: "/api/v1/webhooks/retell", body, headers: signature ? { "x-retell-signature": signature } : {} });
}

/** The stored record of a Retell call. */
export async function retellRows(callId: string) {
  const db = await getDb();
  return db
    .select()
    .from(interactions)
    .where(eq(interactions.externalId, `retell:${callId}`));
}
