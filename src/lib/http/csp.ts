import "server-only";
import type { AppConfig } from "@/lib/config";
import { scriptHashSource } from "./inline-scripts";

/**
 * The Content-Security-Policy of every page (docs/decisions/0009-content-security-policy.md).
 * - Signed-in, admin and sign-in pages are rendered per request, so their
 *   scripts carry a fresh nonce: `'nonce-…' 'strict-dynamic'`, nothing else
 *   may run.
 * - Public marketing pages are prerendered HTML, which no nonce can reach:
 *   `script-src 'self'` and the sha256 hash of each inline script of the
 *   copies this process serves (src/lib/http/served-page-scripts.ts). Until
 *   this process has rendered the page (its first request after start), and
 *   for public pages rendered per request, `'unsafe-inline'` instead. Every
 *   other directive is as strict as on signed-in pages. They show no stored
 *   or user-supplied content.
 * Both: no plugins, no <base>, not framable, forms post only to us (and the
 * configured contact-form service; the OpenID Connect issuer, where logout
 * redirects), and the payment provider's frames and
 * API only when it is configured.
 */
export const SIGNED_IN_PREFIXES = [
  "/dashboard",
  "/calls",
  "/insights",
  "/account",
  "/profile",
  "/ai-employees",
  "/billing",
  "/checkout",
  "/subscribe",
  "/admin",
  "/login",
  "/forgot-password",
  "/reset-password",
  "/logout",
  "/sign-in-failed",
  "/sandbox",
] as const;

export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The one inline script a sandboxed preview frame may run (the admin e-mail
 * preview): it tells the page the document's height, on load and when asked.
 * Allowed by its hash, because a page reached by client-side navigation keeps
 * the nonce of the document it started from.
 */
export const FRAME_HEIGHT_SCRIPT =
  'function r(){parent.postMessage({frameHeight:document.documentElement.scrollHeight},"*")}addEventListener("load",r);addEventListener("message",function(e){if(e.source===parent)r()})';
export const FRAME_HEIGHT_SCRIPT_SOURCE = scriptHashSource(FRAME_HEIGHT_SCRIPT);

const STRIPE_SCRIPTS = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = ["https://api.stripe.com", "https://m.stripe.network", "https://q.stripe.com"];

type CspConfig = Pick<AppConfig, "stripeEnabled" | "CONTACT_FORM_ACTION" | "baseUrl" | "isProduction"> &
  Partial<Pick<AppConfig, "OIDC_ISSUER_URL" | "s3Enabled" | "s3ForcePathStyle" | "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_PUBLIC_BASE_URL">>;

/**
 * The origin the browser PUTs avatars to with the S3 adapter (presigned URL):
 * the endpoint (path-style), bucket.endpoint (virtual-hosted), or AWS's
 * bucket.s3.<region>.amazonaws.com. Null when S3 is off.
 */
export function s3UploadOrigin(cfg: CspConfig): string | null {
  if (!cfg.s3Enabled || !cfg.S3_BUCKET) return null;
  if (!cfg.S3_ENDPOINT) return `https://${cfg.S3_BUCKET}.s3.${cfg.S3_REGION ?? "us-east-1"}.amazonaws.com`;
  const endpoint = new URL(cfg.S3_ENDPOINT);
  return cfg.s3ForcePathStyle ? endpoint.origin : `${endpoint.protocol}//${cfg.S3_BUCKET}.${endpoint.host}`;
}

/** `scriptHashes`: a public page's inline scripts (`'sha256-…'`); without them, and without a nonce, inline scripts may run. */
export function contentSecurityPolicy(cfg: CspConfig, opts: { nonce?: string; scriptHashes?: readonly string[] | null; development?: boolean } = {}): string {
  const formAction = ["'self'"];
  if (cfg.CONTACT_FORM_ACTION) formAction.push(new URL(cfg.CONTACT_FORM_ACTION).origin);
  // The /logout confirmation form posts to /api/logout, which redirects to the
  // issuer's end-session endpoint: form-action also governs that redirect.
  if (cfg.OIDC_ISSUER_URL) formAction.push(new URL(cfg.OIDC_ISSUER_URL).origin);
  const script = opts.nonce
    ? [`'nonce-${opts.nonce}'`, "'strict-dynamic'", FRAME_HEIGHT_SCRIPT_SOURCE]
    : ["'self'", ...(opts.scriptHashes ?? ["'unsafe-inline'"]), ...(cfg.stripeEnabled ? [STRIPE_SCRIPTS] : [])];
  // React's development build needs eval for its error overlays; production never does.
  if (opts.development) script.push("'unsafe-eval'");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": script,
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:", ...(cfg.s3Enabled && cfg.S3_PUBLIC_BASE_URL?.startsWith("http:") ? [new URL(cfg.S3_PUBLIC_BASE_URL).origin] : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(cfg.stripeEnabled ? STRIPE_CONNECT : []), ...(s3UploadOrigin(cfg) ? [s3UploadOrigin(cfg)!] : [])],
    "frame-src": cfg.stripeEnabled ? STRIPE_FRAMES : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": formAction,
    "frame-ancestors": ["'none'"],
  };
  const parts = Object.entries(directives).map(([k, v]) => `${k} ${v.join(" ")}`);
  if (cfg.isProduction && cfg.baseUrl.startsWith("https://")) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/**
 * The Permissions-Policy of every page: no camera, microphone or location;
 * the Payment Request API (wallets such as Apple Pay and Google Pay) for our
 * own pages and, when Stripe is configured, for Stripe's payment frame, which
 * asks for it from its own origin (ADR 0089).
 */
export function permissionsPolicy(cfg: Pick<AppConfig, "stripeEnabled">): string {
  const payment = cfg.stripeEnabled ? `self "${STRIPE_SCRIPTS}"` : "self";
  return `camera=(), microphone=(), geolocation=(), payment=(${payment})`;
}
