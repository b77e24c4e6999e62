import { MessageSquareWarning } from "lucide-react";
import { formatDate } from "@/lib/format";
import type { SettingsResponse } from "../settings-response";

type SpendMode = SettingsResponse["spendMode"];

/** Shown while the spend limit has switched the AI employee to taking messages only. */
export function MessagesOnlyBanner({ spendMode, displayTimeZone }: { spendMode: SpendMode; displayTimeZone: string }) {
  if (!spendMode.messagesOnly) return null;
  const until = spendMode.until ? formatDate(spendMode.until, { timeZone: displayTimeZone, style: "long" }) : "the next usage month starts";
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="messages-only-banner">
      <MessageSquareWarning className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">Spend limit reached: taking messages only until {until}</p>
        <p className="mt-1 text-sm">Callers can leave a message, and their messages show in your calls. The spend limit section below says when this happens.</p>
      </div>
    </div>
  );
}
