import "server-only";
import { z } from "@/lib/zod";
import { parseAllowedHost, type AllowedHost } from "@/lib/http/outbound-allow-hosts";

/**
 * The one place that reads the environment. Validated once at start
 * (instrumentation.ts) so a wrong value stops the server with a message that
 * names the variable; afterwards `config()` returns the cached result.
 */
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ message: "must be an absolute URL such as https://example.com" }).optional());

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" || v === undefined ? undefined : v));

/**
 * A whole number from the environment within [min, max], `fallback` when unset.
 * The messages name the unit ("must be a whole number of days", "must be at
 * least 1"); `notes` replaces any of them where the bare figure says too little.
 */
function wholeNumber(unit: string, min: number, max: number, fallback: number, notes: { notNumber?: string; min?: string; max?: string } = {}) {
  const notWhole = `must be a whole number of ${unit}`;
  return z.coerce
    .number({ message: notes.notNumber ?? notWhole })
    .int({ message: notWhole })
    .min(min, { message: notes.min ?? `must be at least ${min}` })
    .max(max, { message: notes.max ?? `must be at most ${max}` })
    .default(fallback);
}

/** Retell's API (https://docs.retellai.com/api-references/create-retell-llm, "servers"). */
export const DEFAULT_RETELL_API_BASE_URL = "https://api.retellai.com";
export const DEFAULT_TWILIO_API_BASE_URL = "https://api.twilio.com";

/**
 * SMTP_URL: smtp://[user:password@]host[:port][?options] (STARTTLS when the
 * server offers it; `?requireTLS=true` insists) or smtps:// (TLS from the
 * first byte, port 465). The password must be percent-encoded.
 */
function checkSmtpUrl(value: string, ctx: z.RefinementCtx): void {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) {
    ctx.addIssue({ code: "custom", message: "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587" });
    return;
  }
  if (scheme !== "smtp" && scheme !== "smtps") {
    ctx.addIssue({ code: "custom", message: `has the unknown scheme "${scheme}:": use smtp:// (port 587 or 25, STARTTLS) or smtps:// (port 465, TLS)` });
    return;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "is not a valid URL: check for spaces, and percent-encode special characters in the user name and password (@ as %40, : as %3A, / as %2F)" });
    return;
  }
  if (!url.hostname) ctx.addIssue({ code: "custom", message: "names no host: use smtp://user:password@mail.example.com:587" });
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    ctx.addIssue({ code: "custom", message: "has a user name or password with a broken percent-encoding" });
  }
}

/** OUTBOUND_ALLOW_HOSTS: comma-separated `host` or `host:port` entries, parsed; a malformed one is named. */
const allowHosts = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const hosts: AllowedHost[] = [];
    for (const entry of (value ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const parsed = parseAllowedHost(entry);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: `has the malformed entry "${entry}": use host or host:port, comma-separated (e.g. recordings.test,127.0.0.1:9443)` });
        return z.NEVER;
      }
      hosts.push(parsed);
    }
    return hosts;
  });

/** Credentials that only work together: set all of a group or none of it. */
const ALL_OR_NONE = [
  { keys: ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"], message: "is required when any OIDC_* variable is set" },
  { keys: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"], message: "is required when any STRIPE_* key is set" },
  { keys: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], message: "is required when any TWILIO_* credential is set" },
  { keys: ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], message: "is required when any S3_* credential is set" },
] as const;

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ message: "must be a port number" }).int().min(1).max(65535).default(3000),
    PUBLIC_BASE_URL: optionalUrl,
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: "must be a postgres:// or postgresql:// connection URL" })
        .optional(),
    ),
    DATABASE_POOL_SIZE: wholeNumber("connections", 1, 200, 10),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber("milliseconds", 100, 600_000, 5000, {
      notNumber: "must be a number of milliseconds",
      min: "must be at least 100 (ms)",
      max: "must be at most 600000 (10 minutes)",
    }),
    INGEST_RATE_LIMIT_PER_MINUTE: wholeNumber("requests", 1, 100_000, 600),
    INTERACTION_RETENTION_DAYS: wholeNumber("days", 1, 3650, 365, { max: "must be at most 3650 (10 years)" }),
    OUTBOUND_ALLOW_HOSTS: allowHosts,
    RETELL_API_KEY: optionalString.pipe(z.string().min(16, { message: "must be the Retell API key with the webhook badge (at least 16 characters)" }).optional()),
    /** Where Retell's API answers (tests point it at the loopback fake, test/retell-fake.ts). */
    RETELL_API_BASE_URL: optionalUrl.transform((v) => (v ?? DEFAULT_RETELL_API_BASE_URL).replace(/\/+$/, "")),
    /** Twilio's Messages API for SMS notifications (issue 25); without it SMS go to the outbox at /admin/sms-outbox. */
    TWILIO_ACCOUNT_SID: optionalString.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, { message: "must be a Twilio Account SID (AC followed by 32 hex characters)" })
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalString.pipe(z.string().min(16, { message: "must be the Twilio auth token (at least 16 characters)" }).optional()),
    TWILIO_FROM_NUMBER: optionalString.pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{1,14}$/, { message: "must be a phone number in E.164 format, e.g. +12125550100" })
        .optional(),
    ),
    /** Where Twilio's API answers (tests point it at the loopback fake, test/twilio-fake.ts). */
    TWILIO_API_BASE_URL: optionalUrl.transform((v) => (v ?? DEFAULT_TWILIO_API_BASE_URL).replace(/\/+$/, "")),
    DATA_DIR: optionalString,
    PGLITE_DIR: optionalString,
    TRUSTED_PROXY_HOPS: wholeNumber("proxies (0 when clients connect directly)", 0, 10, 0, { min: "must be 0 or more" }),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, { message: "must be at least 32 characters" }).optional()),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" }))),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    SMTP_URL: optionalString.pipe(z.string().superRefine(checkSmtpUrl).optional()),
    EMAIL_FROM: z.string().default("AI Employees <hello@localhost>"),
    TEAM_EMAIL: z.email({ message: "must be an e-mail address" }).default("team@localhost.test"),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, { message: "must start with sk_ or rk_" })
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(z.string().regex(/^pk_/, { message: "must start with pk_" }).optional()),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_/, { message: "must start with whsec_" })
        .optional(),
    ),
    STRIPE_API_HOST: optionalString,
    SANDBOX_CLOCK_OFFSET_DAYS: z.coerce.number({ message: "must be a number of days" }).default(0),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_BASE_URL: optionalUrl,
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""], { message: "must be true (https://endpoint/bucket/key) or false (https://bucket.endpoint/key)" })
      .optional()
      .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
    UPLOAD_DIR: optionalString,
    SCHEDULING_URL: optionalUrl,
    CONTACT_FORM_ACTION: optionalUrl,
    ENABLE_TEST_TOOLS: bool,
    TEST_STRIPE_CUSTOMER_ID: optionalString,
    TEST_STRIPE_PRICE_ID: optionalString,
    TEST_STRIPE_METER_PRICE_ID: optionalString,
    ALLOW_EMBEDDED_IN_PRODUCTION: bool,
    SEED_DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    for (const { keys, message } of ALL_OR_NONE) {
      if (keys.some((key) => env[key]) && !keys.every((key) => env[key])) {
        for (const key of keys) if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message });
      }
    }
  });

export type Env = z.output<typeof envSchema>;

export type AppConfig = Env & {
  baseUrl: string;
  /** True when PUBLIC_BASE_URL names this machine (localhost, 127.0.0.0/8, ::1). */
  baseUrlIsLoopback: boolean;
  isProduction: boolean;
  secureCookies: boolean;
  oidcEnabled: boolean;
  stripeEnabled: boolean;
  smtpEnabled: boolean;
  s3Enabled: boolean;
  /** The AI employees' settings go to Retell (RETELL_API_KEY set); else the embedded default applies them locally. */
  retellEnabled: boolean;
  /** SMS go through Twilio (TWILIO_* set); else they stay in the SMS outbox. */
  smsEnabled: boolean;
  /** S3 addressing: path-style (endpoint/bucket/key) unless S3_FORCE_PATH_STYLE=false; AWS (no S3_ENDPOINT) defaults to virtual-hosted. */
  s3ForcePathStyle: boolean;
  schedulingUrl: string;
  dataDir: string;
  pgliteDir: string;
  uploadDir: string;
};

export const DEFAULT_SCHEDULING_URL = "https://calendly.com/ai-employees/demo";

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validates an environment object; throws ConfigError naming every bad variable. */
export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = issue.path.join(".") || "environment";
      return `${key} ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  const baseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const isProduction = env.NODE_ENV === "production";
  const dataDir = env.DATA_DIR ?? "./data";
  return {
    ...env,
    baseUrl,
    baseUrlIsLoopback: isLoopbackUrl(baseUrl),
    isProduction,
    secureCookies: isProduction && baseUrl.startsWith("https://"),
    oidcEnabled: Boolean(env.OIDC_ISSUER_URL),
    stripeEnabled: Boolean(env.STRIPE_SECRET_KEY),
    smtpEnabled: Boolean(env.SMTP_URL),
    s3Enabled: Boolean(env.S3_BUCKET),
    retellEnabled: Boolean(env.RETELL_API_KEY),
    smsEnabled: Boolean(env.TWILIO_ACCOUNT_SID),
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    schedulingUrl: env.SCHEDULING_URL ?? DEFAULT_SCHEDULING_URL,
    dataDir,
    pgliteDir: env.PGLITE_DIR ?? `${dataDir}/pglite`,
    uploadDir: env.UPLOAD_DIR ?? `${dataDir}/uploads`,
  };
}

/** True for http(s) URLs whose host is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

let cached: AppConfig | undefined;

export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * Production refuses the embedded adapters unless ALLOW_EMBEDDED_IN_PRODUCTION
 * is set. Checked when the server starts (not at build time).
 */
export function productionProblems(cfg: AppConfig): string[] {
  if (!cfg.isProduction || cfg.ALLOW_EMBEDDED_IN_PRODUCTION) return [];
  const embedded: Array<[string, string]> = [];
  if (!cfg.DATABASE_URL) embedded.push(["DATABASE_URL", "the embedded PGlite database"]);
  if (!cfg.STRIPE_SECRET_KEY) embedded.push(["STRIPE_SECRET_KEY", "the sandbox payment provider"]);
  if (!cfg.SMTP_URL) embedded.push(["SMTP_URL", "the e-mail outbox"]);
  if (!cfg.S3_BUCKET) embedded.push(["S3_BUCKET", "local-disk uploads"]);
  if (!cfg.RETELL_API_KEY) embedded.push(["RETELL_API_KEY", "AI employee settings applied locally (never pushed to the voice platform)"]);
  if (!cfg.TWILIO_ACCOUNT_SID) embedded.push(["TWILIO_ACCOUNT_SID", "the SMS outbox (no SMS sent)"]);
  if (!cfg.AUTH_SECRET) embedded.push(["AUTH_SECRET", "a secret generated into DATA_DIR (one instance only)"]);
  if (!cfg.PUBLIC_BASE_URL) embedded.push(["PUBLIC_BASE_URL", "http://localhost"]);
  return embedded.map(([key, what]) => `${key} is required in production (NODE_ENV=production); set it, or set ALLOW_EMBEDDED_IN_PRODUCTION=true to run on ${what}`);
}

/** Tests only: forget the cached configuration after changing process.env. */
export function resetConfigForTests(): void {
  cached = undefined;
}
