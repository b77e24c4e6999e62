import { sameOriginPath } from "@/lib/http/same-origin-path";

/** A same-site page to go back to after sign-in; anything else becomes '/dashboard'. */
export function safeReturnTo(value: string | null | undefined): string {
  const path = sameOriginPath(value);
  if (!path || path.startsWith("/api/")) return "/dashboard";
  return path;
}
