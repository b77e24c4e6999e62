import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { demoLeads, notifications } from "@/db/schema";
import { POST } from "@app/api/demo-leads/route";
import { call } from "../../../test/http-helpers";

const ip = () => `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 6)}`;
const lead = (over: Record<string, unknown> = {}) => ({
  name: "Dana Whitfield",
  email: `dana-${randomUUID().slice(0, 8)}@acmehvac.com`,
  phone: "(555) 010-4477",
  website: "acmehvac.com",
  ...over,
});

async function post(body: unknown, from = ip()) {
  return call(POST, { method: "POST", path: "/api/demo-leads", body, headers: { "x-forwarded-for": from } });
}

describe("POST /api/demo-leads", () => {
  it("stores a valid lead with the caller's IP and notifies admins", async () => {
    const from = ip();
    const body = lead({ aiEmployeeName: "Sophie", aiEmployeeId: "emp_42", website: "https://www.acmehvac.com/contact" });
    const res = await post(body, from);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const db = await getDb();
    const [row] = await db.select().from(demoLeads).where(eq(demoLeads.id, id));
    expect(row).toMatchObject({
      name: "Dana Whitfield",
      email: body.email,
      phone: "(555) 010-4477",
      website: "https://www.acmehvac.com/contact",
      aiEmployeeName: "Sophie",
      aiEmployeeId: "emp_42",
      ipAddress: from,
    });
    const [note] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `demo_lead:${id}`));
    expect(note?.type).toBe("demo_lead");
    expect(note?.message).toContain(body.email);
    expect(note?.message).toContain("Sophie");
  });

  it("stores missing AI employee fields as null", async () => {
    const res = await post(lead());
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await (await getDb()).select().from(demoLeads).where(eq(demoLeads.id, id));
    expect(row?.aiEmployeeName).toBeNull();
    expect(row?.aiEmployeeId).toBeNull();
  });

  it.each([
    [{ name: "  " }, "name: Name is required"],
    [{ email: "not-an-email" }, "email: Enter a valid email address"],
    [{ phone: "call me" }, "phone: Enter a valid phone number"],
    [{ website: "my website" }, "website: Enter a website address"],
    [{ website: undefined }, "website: Website is required"],
  ])("rejects %j with a 400 naming the field", async (over, message) => {
    const res = await post(lead(over));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it.each([
    [{ phone: "call me" }, { phone: "Enter a valid phone number" }],
    [
      { name: "", email: "dana@", website: undefined },
      { name: "Name is required", email: "Enter a valid email address", website: "Website is required" },
    ],
  ])("a 400 for %j names each field's message for the form, and stores nothing", async (over, fields) => {
    const body = lead(over);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: unknown }).fields).toEqual(fields);
    const stored = await (
      await getDb()
    )
      .select()
      .from(demoLeads)
      .where(eq(demoLeads.email, String(body.email)));
    expect(stored).toHaveLength(0);
  });

  it("rejects a body that is not JSON", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Request body must be valid JSON");
  });

  it("allows 5 leads per IP in 10 minutes, then answers 429; other IPs are unaffected", async () => {
    const from = ip();
    for (let i = 0; i < 5; i++) expect((await post(lead(), from)).status).toBe(201);
    const sixth = await post(lead(), from);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(/too many demo requests/i);
    expect((await post(lead(), ip())).status).toBe(201);
  });

  it("counts only the last 10 minutes", async () => {
    const from = ip();
    const db = await getDb();
    const old = new Date(Date.now() - 11 * 60 * 1000);
    for (let i = 0; i < 5; i++) {
      await db.insert(demoLeads).values({ id: randomUUID(), name: "Old", email: "old@example.com", phone: "5550100000", website: "old.com", ipAddress: from, createdAt: old });
    }
    expect((await post(lead(), from)).status).toBe(201);
  });

  it("refuses a cross-site post", async () => {
    const res = await call(POST, { method: "POST", path: "/api/demo-leads", body: lead(), headers: { origin: "https://evil.example", "x-forwarded-for": ip() } });
    expect(res.status).toBe(403);
  });
});
