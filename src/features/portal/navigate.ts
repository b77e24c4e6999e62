/**
 * A full page navigation. Used for /api/login (a server redirect, possibly to
 * an outside issuer) and after a session ends, so the header's auth state is
 * read afresh.
 */
export function fullNavigate(url: string, delayMs = 0): void {
  setTimeout(() => {
    window.location.assign(url);
  }, delayMs);
}

export { loginUrl } from "@/lib/unauthorized";
