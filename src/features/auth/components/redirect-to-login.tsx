"use client";
import { useEffect } from "react";
import { Spinner } from "@/lib/ui/spinner";
import { toast } from "@/lib/ui/toaster";

/**
 * Shown to a signed-out visitor on a signed-in page: an optional toast,
 * 'Redirecting to login...', then a full navigation to /api/login.
 */
export function RedirectToLogin({ returnTo, delayMs = 0, notice }: { returnTo: string; delayMs?: number; notice?: { title: string; description: string } }) {
  useEffect(() => {
    if (notice) toast({ ...notice, variant: "destructive" });
    const timer = setTimeout(() => {
      // /api/login is a server redirect (possibly to an outside issuer): a full navigation.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [returnTo, delayMs, notice]);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3" data-testid="redirecting-to-login">
      <Spinner label="Redirecting" />
      <p className="text-slate-700">Redirecting to login...</p>
    </div>
  );
}
