import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invoices, organization } from "@/db/schema";
import { GET as invoicePdf } from "@app/api/invoices/[id]/pdf/route";
import { GET as billingHistory } from "@app/api/billing-history/route";
import type { InvoiceView } from "@/features/billing/api-types";
import { call, createUser, type TestUser } from "./http-helpers";

/** Issue 23: every invoice has a PDF; the sandbox draws it (pdfkit), scoped to the account (ADR 0120). */
async function paidInvoice(owner: TestUser): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db.update(organization).set({ name: "Bright Smiles Dental", billingEmail: "books@brightsmiles.example" }).where(eq(organization.id, owner.id));
  await db.insert(invoices).values({
    id,
    accountId: owner.id,
    providerInvoiceId: `in_sbx_${id.slice(0, 8)}`,
    description: "1 × Medium Plan (at $349.00 / month)",
    amountDue: 34900,
    amountPaid: 34900,
    status: "paid",
    issuedAt: new Date("2026-11-03T12:00:00Z"),
    periodStart: new Date("2026-11-03T12:00:00Z"),
    periodEnd: new Date("2026-12-03T12:00:00Z"),
  });
  return id;
}

/**
 * The text a reader sees: pdfkit leaves the page stream uncompressed here and
 * writes each line as one TJ array of hex strings (split for kerning).
 */
function shownText(pdf: string): string {
  return [...pdf.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) => [...m[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join("")).join("\n");
}

const get = (u: TestUser | null, id: string) => call(invoicePdf, { path: `/api/invoices/${id}/pdf`, params: { id }, cookie: u?.cookie });

describe("invoice PDFs", () => {
  it("draws the sandbox invoice as a PDF with its number, customer and amount", async () => {
    const owner = await createUser();
    const id = await paidInvoice(owner);
    const history = (await (await call(billingHistory, { path: "/api/billing-history", cookie: owner.cookie })).json()) as InvoiceView[];
    expect(history.map((i) => i.pdfUrl)).toEqual([`/api/invoices/${id}/pdf`]);

    const res = await get(owner, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const raw = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    const text = shownText(raw);
    for (const words of [/Invoice in_sbx_[0-9a-f]{8}/, /Billed to\nBright Smiles Dental\nbooks@brightsmiles.example/, /Medium Plan/, /Amount paid\n\$349\.00/, /Status: Paid/, /HumanFocus AI/]) {
      expect(text).toMatch(words);
    }
  });

  it("another account's invoice is not found, and an anonymous caller must sign in", async () => {
    const owner = await createUser();
    const id = await paidInvoice(owner);
    const stranger = await createUser();
    const res = await get(stranger, id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Invoice not found." });
    expect((await get(null, id)).status).toBe(401);
    expect((await get(owner, randomUUID())).status).toBe(404);
  });
});
