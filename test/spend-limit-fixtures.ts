import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, customerNotices, emailMessages, organization } from "@/db/schema";
import { settingsDocumentSchema, type SettingsDocument } from "@/features/ai-settings/settings.schema";

/** A complete, valid settings document with the given spend limit. */
export function settingsDocument(spendLimit: SettingsDocument["spendLimit"]): SettingsDocument {
  const weekday = [{ open: "09:00", close: "17:00" }];
  return settingsDocumentSchema.parse({
    name: "Nova",
    greeting: "Thanks for calling Acme Heating, this is Nova.",
    description: "Heating repairs",
    language: "en-US",
    timeZone: "America/New_York",
    hours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [], sun: [] },
    closedDays: [],
    afterHours: { action: "message", messageText: "Leave a message.", transferNumber: null, transferText: "Transferring you.", hoursText: "We are open 9 to 5." },
    answers: [],
    transferRules: [],
    booking: { enabled: false, provider: "cal.com", eventTypeId: null },
    recording: { announcement: "This call is recorded.", twoPartyConsent: false },
    spendLimit,
  });
}

/** Gives the AI employee settings (version 1, or the next version) with `spendLimit`, as a save would store them. */
export async function setSpendLimit(orderId: string, spendLimit: SettingsDocument["spendLimit"]): Promise<number> {
  const db = await getDb();
  const [current] = await db.select({ version: aiEmployeeSettings.currentVersion }).from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId));
  const version = (current?.version ?? 0) + 1;
  await db
    .insert(aiEmployeeSettingsVersions)
    .values({ aiReadyOrderId: orderId, version, document: settingsDocument(spendLimit) as unknown as Record<string, unknown>, changed: ["spendLimit"], authorKind: "system", authorName: "system" });
  if (current) await db.update(aiEmployeeSettings).set({ currentVersion: version }).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId));
  else await db.insert(aiEmployeeSettings).values({ aiReadyOrderId: orderId, currentVersion: version, syncState: "live" });
  return version;
}

export async function spendState(orderId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ mode: aiEmployeeSettings.spendMode, monthStart: aiEmployeeSettings.spendModeMonthStart, since: aiEmployeeSettings.spendModeSince, until: aiEmployeeSettings.spendModeUntil })
    .from(aiEmployeeSettings)
    .where(eq(aiEmployeeSettings.aiReadyOrderId, orderId));
  return row!;
}

/** The spend limit e-mails sent to `addresses`, as "<to>: <subject>", sorted. */
export async function spendEmails(addresses: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ to: emailMessages.to, subject: emailMessages.subject })
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, "spend-limit"), inArray(emailMessages.to, addresses)));
  return rows.map((r) => `${r.to}: ${r.subject}`).sort();
}

export async function spendNotices(accountId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ title: customerNotices.title })
    .from(customerNotices)
    .where(and(eq(customerNotices.accountId, accountId), eq(customerNotices.kind, "spend-limit")));
  return rows.map((r) => r.title).sort();
}

export async function setBillingEmail(accountId: string, email: string): Promise<void> {
  const db = await getDb();
  await db.update(organization).set({ billingEmail: email }).where(eq(organization.id, accountId));
}
