"use client";
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { BROWSER_ZONE_COOKIE, type CallDisplay } from "../call-display";

/**
 * The page's one mention of its time zone (ADR 0117). While the account has
 * no zone of its own, it keeps the browser's zone in a cookie for the server
 * and, when the page was drawn in another zone, draws it again.
 */
export function TimeZoneNote({ display, canEditSettings = false }: { display: CallDisplay; canEditSettings?: boolean }) {
  const router = useRouter();
  React.useEffect(() => {
    if (display.zoneSource === "account") return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    if (zone !== display.timeZone) router.refresh();
  }, [display.zoneSource, display.timeZone, router]);

  return (
    <p className="mt-1 text-sm text-slate-700" data-testid="time-zone-note">
      Times are in {display.zoneLabel}
      {display.zoneSource === "account" ? (
        "."
      ) : (
        <>
          {display.zoneSource === "browser" ? ", this browser's time zone." : "."}{" "}
          {canEditSettings ? (
            <Link href="/account" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Set your business&apos;s time zone
            </Link>
          ) : (
            "The business's time zone is not set yet."
          )}
        </>
      )}
    </p>
  );
}
