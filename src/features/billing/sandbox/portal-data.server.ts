import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { config } from "@/lib/config";
import { sameOriginPath } from "@/lib/http/same-origin-path";
import { subscriptions } from "@/db/schema";
import { findPlan } from "@/features/plans/catalogue";
import { findCustomerId, findCustomerOwner } from "../customers.server";
import { getSandboxProvider } from "../provider";
import { accountInvoices } from "../views.server";
import type { InvoiceView } from "../api-types";
import type { InvoiceLineData } from "./sandbox-objects";
import { sandboxNow } from "./store.server";

export type PortalSubscription = {
  id: string;
  planName: string;
  billing: "monthly" | "annual";
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
};

export type PortalData = {
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  subscriptions: PortalSubscription[];
  invoices: InvoiceView[];
  now: string;
};

/** What the sandbox portal shows the signed-in customer; null when the sandbox is not active. */
export async function sandboxPortalData(accountId: string): Promise<PortalData | null> {
  const sandbox = await getSandboxProvider();
  if (!sandbox) return null;
  const customerId = await findCustomerId(accountId);
  let card: PortalData["card"] = null;
  if (customerId) {
    const customer = await sandbox.retrieveCustomer(customerId);
    const pm = await sandbox.paymentMethod(customer?.data.defaultPaymentMethodId ?? null);
    if (pm) card = { brand: pm.data.brand, last4: pm.data.last4, expMonth: pm.data.expMonth, expYear: pm.data.expYear };
  }
  const db = await getDb();
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).orderBy(desc(subscriptions.createdAt));
  return {
    card,
    subscriptions: rows.map((r) => ({
      id: r.id,
      planName: findPlan(r.planId)?.name ?? r.planId,
      billing: r.billing,
      status: r.status,
      cancelAtPeriodEnd: r.cancelAtPeriodEnd,
      currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
      trialEnd: r.trialEnd?.toISOString() ?? null,
    })),
    invoices: await accountInvoices(accountId),
    now: (await sandboxNow()).toISOString(),
  };
}

export type SandboxInvoicePage = {
  id: string;
  status: string;
  description: string;
  amountDue: number;
  amountPaid: number;
  currency: string;
  createdAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  lines: InvoiceLineData[];
  customerEmail: string | null;
  /** Why the last payment of an open invoice failed (e.g. a declined card). */
  lastError: string | null;
};

/** A sandbox invoice for its business account (or an admin); null when missing, foreign or not in the sandbox. */
export async function sandboxInvoiceFor(invoiceId: string, viewer: { accountId: string | null; role: string }): Promise<SandboxInvoicePage | null> {
  const sandbox = await getSandboxProvider();
  if (!sandbox) return null;
  const inv = await sandbox.retrieveInvoice(invoiceId);
  if (!inv) return null;
  const owner = await findCustomerOwner(inv.customerId);
  if (viewer.role !== "admin" && (!viewer.accountId || owner !== viewer.accountId)) return null;
  const customer = await sandbox.retrieveCustomer(inv.customerId);
  return {
    id: inv.id,
    status: inv.status,
    description: inv.description,
    amountDue: inv.amountDue,
    amountPaid: inv.amountPaid,
    currency: inv.currency,
    createdAt: inv.createdAt.toISOString(),
    periodStart: inv.periodStart?.toISOString() ?? null,
    periodEnd: inv.periodEnd?.toISOString() ?? null,
    lines: inv.lines,
    customerEmail: customer?.data.email ?? null,
    lastError: inv.status === "open" ? inv.lastError : null,
  };
}

/** A same-site return URL for the portal's back link. */
export function safeReturnUrl(raw: string | undefined): string {
  return sameOriginPath(raw, config().baseUrl) ?? "/billing";
}
