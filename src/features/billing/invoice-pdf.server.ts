import "server-only";
import PDFDocument from "pdfkit";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { invoices, organization } from "@/db/schema";
import { BRAND } from "@/lib/brand";
import { notFound } from "@/lib/http/errors";
import { formatCents } from "@/features/plans/catalogue";

/** An invoice's PDF: the provider's own (Stripe's invoice_pdf) or, in the sandbox, one we draw (issue 23, ADR 0120). */
export type InvoicePdf = { redirect: string } | { bytes: Uint8Array; filename: string };

const STATUS_WORDS: Record<string, string> = { paid: "Paid", open: "Open", draft: "Draft", uncollectible: "Uncollectible", void: "Void" };

const day = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** One invoice of the account; another account's invoice is "not found". */
export async function invoicePdf(accountId: string, invoiceId: string): Promise<InvoicePdf> {
  const db = await getDb();
  const [row] = await db
    .select({ inv: invoices, accountName: organization.name, billingEmail: organization.billingEmail })
    .from(invoices)
    .innerJoin(organization, eq(organization.id, invoices.accountId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Invoice not found.");
  if (row.inv.invoicePdfUrl) return { redirect: row.inv.invoicePdfUrl };
  return { bytes: await drawInvoice(row.inv, row.accountName, row.billingEmail), filename: `invoice-${row.inv.providerInvoiceId}.pdf` };
}

type InvoiceRow = typeof invoices.$inferSelect;

/** A one-page A4-free US Letter invoice; text left uncompressed so it can be searched and checked. */
function drawInvoice(inv: InvoiceRow, accountName: string, billingEmail: string | null): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "LETTER", margin: 56, compress: false, info: { Title: `Invoice ${inv.providerInvoiceId}`, Author: BRAND.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  const amount = inv.status === "paid" ? inv.amountPaid : inv.amountDue;
  const currency = inv.currency.toLowerCase() === "usd" ? "" : ` ${inv.currency.toUpperCase()}`;
  doc.font("Helvetica-Bold").fontSize(20).text(BRAND.name);
  doc.font("Helvetica").fontSize(10).text(`${BRAND.email} · ${BRAND.phoneDisplay}`);
  doc.moveDown(2);
  doc.font("Helvetica-Bold").fontSize(16).text(`Invoice ${inv.providerInvoiceId}`);
  doc.font("Helvetica").fontSize(11);
  doc.text(`Date: ${day(inv.issuedAt)}`);
  doc.text(`Status: ${STATUS_WORDS[inv.status] ?? inv.status}`);
  if (inv.periodStart && inv.periodEnd) doc.text(`Period: ${day(inv.periodStart)} to ${day(inv.periodEnd)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Billed to");
  doc.font("Helvetica").text(accountName);
  if (billingEmail) doc.text(billingEmail);
  doc.moveDown(2);
  doc.font("Helvetica-Bold").text("Description", { continued: true }).text("Amount", { align: "right" });
  doc
    .moveTo(doc.page.margins.left, doc.y + 2)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y + 2)
    .stroke();
  doc.moveDown(0.5);
  doc
    .font("Helvetica")
    .text(inv.description, { continued: true })
    .text(`${formatCents(inv.amountDue)}${currency}`, { align: "right" });
  doc.moveDown();
  doc
    .font("Helvetica-Bold")
    .text(inv.status === "paid" ? "Amount paid" : "Amount due", { continued: true })
    .text(`${formatCents(amount)}${currency}`, { align: "right" });
  doc.end();
  return done;
}
