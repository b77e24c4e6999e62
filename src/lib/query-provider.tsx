"use client";
import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "./api-client";
import type { UnauthorizedAction } from "./unauthorized";
import { toast } from "./ui/toaster";

/** The single 401 reaction (spec 8): the page's toast, then a full navigation (login is a server redirect). */
function onUnauthorized({ title, description, delayMs, to }: UnauthorizedAction): void {
  toast({ title, description, variant: "destructive" });
  setTimeout(() => {
    window.location.assign(to);
  }, delayMs);
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => makeQueryClient({ onUnauthorized }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
