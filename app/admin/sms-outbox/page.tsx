import type { Metadata } from "next";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { SmsOutboxTable } from "@/features/sms/components/sms-outbox-table";
import { config } from "@/lib/config";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadSmsOutboxScreen } from "./data.server";

export const metadata: Metadata = { title: "SMS outbox" };
export const dynamic = "force-dynamic";

/** /admin/sms-outbox: every text message the product sent or stored, newest first, 50 a page (admins only). */
async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireAdmin("/admin/sms-outbox");
  if (!access.ok) return access.element;
  const { page, current } = await loadSmsOutboxScreen(await searchParams);
  return (
    <AdminSubPage
      title="SMS outbox"
      intro={
        config().smsEnabled
          ? "Every text message the product queued for Twilio, with its delivery status. A job sends each one and retries while Twilio is unreachable; a failed message shows Twilio's answer. Numbers that replied STOP get nothing more."
          : "Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER), so text messages are kept here instead of being sent."
      }
    >
      <SmsOutboxTable page={page} cursor={current} />
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);
