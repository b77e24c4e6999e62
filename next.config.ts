import path from "node:path";
import type { NextConfig } from "next";

const isProd = process.env.NODE_ENV === "production";
const httpsBase = (process.env.PUBLIC_BASE_URL ?? "").startsWith("https://");

// Content-Security-Policy and Permissions-Policy are set per response, from the
// configuration the server runs with: pages in proxy.ts, API routes in
// src/lib/http/route.ts, uploaded objects by their own route (a global value
// here would replace theirs).
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  ...(isProd && httpsBase ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }] : []),
];

const nextConfig: NextConfig = {
  // Separate build folders let several builds (tests, benchmarks) live side by side.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // Prerendered pages are rendered again on their first request after start,
  // with the runtime PUBLIC_BASE_URL, then served from memory (ADR 0098).
  cacheHandler: path.join(process.cwd(), "page-cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  // React Email renders with react-dom/server, which the react-server build of
  // the app's server code cannot import: Node loads these at run time, with
  // its default conditions (ADR 0094). pdfkit reads its font metrics from its own folder at run time (invoice PDFs, ADR 0120). undici (the guarded outbound fetch, ADR 0103) is
  // Node's own HTTP client: loaded as it ships, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pdfkit", "pino", "pg", "pg-boss", "nodemailer", "@react-email/render", "@react-email/components", "undici"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The icon sprite's URL carries a hash of its content (src/lib/ui/icon-sprite.ts): a new sprite is a new URL (ADR 0155).
      { source: "/icons.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
  async redirects() {
    return [{ source: "/services", destination: "/AI_employees", permanent: true }];
  },
};

export default nextConfig;
