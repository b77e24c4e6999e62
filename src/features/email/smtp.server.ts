import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { config } from "@/lib/config";

/**
 * The SMTP side of the e-mail port: one nodemailer transport built from
 * SMTP_URL, with short timeouts so that a server that accepts the connection
 * but never greets (or stops answering) cannot hold a job worker for long.
 * Any nodemailer SMTP option can be set, or these overridden, in the URL's
 * query string: `?greetingTimeout=10000&tls.rejectUnauthorized=false`.
 */
export const SMTP_TIMEOUTS = {
  /** Connecting (TCP, and TLS for smtps://). */
  connectionTimeout: 5_000,
  /** From connected to the server's 220 greeting. */
  greetingTimeout: 5_000,
  /** Silence on an open connection (after the greeting). */
  socketTimeout: 20_000,
  dnsTimeout: 5_000,
} as const;

type SmtpOptions = SMTPTransport.Options;

/** The transport options for an SMTP_URL: our timeouts, then everything the URL says (it wins). */
export function smtpOptions(url: string): SmtpOptions {
  return { ...SMTP_TIMEOUTS, ...(parseConnectionUrl(url) as SmtpOptions) };
}

/** Where SMTP_URL points, for messages: `host:port`, never the credentials. */
export function smtpTarget(url: string): string {
  const o = smtpOptions(url);
  return `${o.host ?? "localhost"}:${o.port ?? (o.secure ? 465 : 587)}`;
}

let current: { url: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

/** The transport for the configured SMTP_URL (rebuilt when it changes; tests change it). */
export function smtpTransport(): Transporter<SMTPTransport.SentMessageInfo> {
  const url = config().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (current?.url !== url) {
    current?.transport.close();
    // No pool: one connection per message, so a server that went away and came back is simply reconnected.
    current = { url, transport: nodemailer.createTransport(smtpOptions(url)) };
  }
  return current.transport;
}

/** What nodemailer tells about a failed SMTP conversation. */
type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/** The server's answer (or the connection problem) as one line for the outbox and the logs. */
export function smtpErrorText(err: unknown): string {
  const e = err as SmtpError;
  if (e && typeof e === "object" && typeof e.response === "string" && e.response) {
    return `${e.command ? `${e.command}: ` : ""}${e.response}`.slice(0, 1000);
  }
  const msg = e instanceof Error ? e.message : String(err);
  return `${e?.code ? `${e.code}: ` : ""}${msg}`.slice(0, 1000);
}

/**
 * A permanent refusal of this message (5xx to MAIL FROM, RCPT TO or DATA: a
 * rejected recipient, a message refused as too large ...): retrying cannot
 * help. Everything else (server down, timeouts, 4xx "try again later", a TLS
 * problem, and refused credentials, which are a configuration mistake an
 * operator fixes) is temporary and retried.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const e = err as SmtpError;
  if (!e || typeof e !== "object" || typeof e.responseCode !== "number") return false;
  if (e.code === "EAUTH") return false;
  return e.responseCode >= 500 && e.responseCode < 600;
}

/**
 * Checks at start that SMTP_URL answers: connects, greets, upgrades to TLS
 * when asked and logs in. Returns null when it does, otherwise the reason.
 */
export async function verifySmtp(url: string): Promise<string | null> {
  const transport = nodemailer.createTransport(smtpOptions(url));
  try {
    await transport.verify();
    return null;
  } catch (err) {
    return smtpErrorText(err);
  } finally {
    transport.close();
  }
}

/** The longest the start check waits for the SMTP server, whatever the URL's own timeouts. */
const START_CHECK_TIMEOUT_MS = 10_000;

/**
 * Start check (passed to startServer by instrumentation.ts): with SMTP_URL
 * set, verifies the server once. Returns a warning naming SMTP_URL and the
 * reason when it fails, null otherwise. The server starts either way: e-mails
 * wait in their jobs and are retried until the server answers.
 */
export async function smtpStartCheck(): Promise<string | null> {
  const url = config().SMTP_URL;
  if (!url) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${START_CHECK_TIMEOUT_MS / 1000} s`), START_CHECK_TIMEOUT_MS);
  });
  try {
    const reason = await Promise.race([verifySmtp(url), timeout]);
    if (reason === null) return null;
    return `SMTP_URL: cannot send through the SMTP server at ${smtpTarget(url)}: ${reason}. The server starts anyway; e-mails are queued and their delivery jobs retry until the SMTP server accepts them.`;
  } finally {
    clearTimeout(timer);
  }
}
