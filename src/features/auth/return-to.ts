/** A same-site path to go back to after sign-in; anything else becomes '/dashboard'. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/dashboard";
  if (value.startsWith("/api/")) return "/dashboard";
  return value;
}
