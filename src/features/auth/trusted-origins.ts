/**
 * The origins sign-in accepts: the base URL's, and on a loopback base URL its
 * other loopback spellings too (localhost, 127.0.0.1, [::1]), so a developer
 * who opens http://127.0.0.1:3000 instead of http://localhost:3000 can sign in.
 */
export function trustedOrigins(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  if (!loopback.includes(url.hostname)) return [url.origin];
  return loopback.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}
