import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, orderSearchText } from "@/db/schema";
import { cursorString, cursorTimestamp, likePattern, readChoice, toPage, type Page, type PageRequest } from "@/lib/http/pagination";
import { accountRefs, readAccountFilter } from "@/features/admin-accounts/account-refs.server";
import type { AdminAccountRef } from "@/features/admin-accounts/account-ref";
import type { AdminOrderView } from "./order.schema";
import { toAdminView } from "./orders.server";

/** A row of the admin Orders list: the order, and the business account that claimed it (null while pending). */
export type AdminOrderListItem = AdminOrderView & { account: AdminAccountRef | null };

const ORDER_STATUSES = ["pending", "claimed", "active"] as const;

/**
 * GET /api/admin/ai-ready-orders: one page, newest first (id breaks ties),
 * keyset-paged (ADR 0096). `q` searches the AI employee's name, the customer's
 * e-mail and the AI phone number (trigram index); `status` filters; `account`
 * (an account id) keeps the orders that account claimed, read through
 * ai_ready_orders_account_created_idx in the same order (ADR 0110). Each row
 * names its account and the account's owner.
 */
export async function listOrders(page: Pick<PageRequest, "limit" | "cursor" | "q" | "params">): Promise<Page<AdminOrderListItem>> {
  const db = await getDb();
  const where: SQL[] = [];
  const status = readChoice(page.params, "status", ORDER_STATUSES);
  if (status) where.push(eq(aiReadyOrders.status, status));
  const account = readAccountFilter(page.params);
  if (account) where.push(eq(aiReadyOrders.accountId, account));
  if (page.q) {
    where.push(sql`${orderSearchText(aiReadyOrders)} like ${likePattern(page.q)}`);
  }
  if (page.cursor) {
    const at = cursorTimestamp(page.cursor, 0);
    const id = cursorString(page.cursor, 1);
    where.push(sql`(${aiReadyOrders.createdAt}, ${aiReadyOrders.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ row: aiReadyOrders, at: sql<string>`${aiReadyOrders.createdAt}::text` })
    .from(aiReadyOrders)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(aiReadyOrders.createdAt), desc(aiReadyOrders.id))
    .limit(page.limit + 1);
  const paged = toPage(
    rows,
    page.limit,
    (r) => [r.at, r.row.id],
    (r) => r.row,
  );
  const accounts = await accountRefs(paged.items.map((r) => r.accountId));
  return {
    items: paged.items.map((r) => ({ ...toAdminView(r), account: r.accountId ? (accounts.get(r.accountId) ?? null) : null })),
    nextCursor: paged.nextCursor,
  };
}
