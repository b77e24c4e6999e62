import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, parseConfig, resetConfigForTests } from "@/lib/config";
import { runStartChecks } from "@/lib/server-start";
import { smtpStartCheck, smtpTarget, SMTP_TIMEOUTS, smtpOptions } from "@/features/email/smtp.server";
import { freePort, startSilentServer, startSmtpServer } from "./smtp-test-server";

/**
 * A wrong SMTP_URL is named at start: a malformed URL or an unknown scheme
 * stops the start (config validation), and a server that cannot be reached,
 * never greets or refuses the credentials gives a warning naming SMTP_URL
 * and the reason (the server still starts: e-mails are retried by their jobs).
 */

function problemsFor(url: string): string[] {
  try {
    parseConfig({ SMTP_URL: url });
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
}

function useSmtp(url: string | undefined): void {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetConfigForTests();
}

afterEach(() => useSmtp(undefined));
afterAll(() => resetConfigForTests());

describe("SMTP_URL validation", () => {
  it("accepts smtp:// and smtps:// URLs, with credentials and options", () => {
    for (const url of ["smtp://mail.example.com", "smtp://user:p%40ss@mail.example.com:587/?requireTLS=true", "smtps://user:secret@mail.example.com:465", "SMTP://MAIL.EXAMPLE.COM:25"]) {
      expect(problemsFor(url), url).toEqual([]);
    }
    expect(parseConfig({ SMTP_URL: "" }).smtpEnabled).toBe(false);
  });

  it("refuses an unknown scheme, naming SMTP_URL and the scheme", () => {
    expect(problemsFor("http://mail.example.com")).toEqual(['SMTP_URL has the unknown scheme "http:": use smtp:// (port 587 or 25, STARTTLS) or smtps:// (port 465, TLS)']);
    expect(problemsFor("smtp+starttls://mail.example.com")[0]).toMatch(/^SMTP_URL has the unknown scheme "smtp\+starttls:"/);
  });

  it("refuses what is not a URL, naming SMTP_URL and the reason", () => {
    expect(problemsFor("mail.example.com")[0]).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(problemsFor("smtp://mail.example.com:99999")[0]).toMatch(/^SMTP_URL is not a valid URL/);
    expect(problemsFor("smtp://user:pass@")[0]).toMatch(/^SMTP_URL (is not a valid URL|names no host)/);
    expect(problemsFor("smtp://user:%zz@mail.example.com")[0]).toBe("SMTP_URL has a user name or password with a broken percent-encoding");
  });

  it("the transport gets short timeouts, which the URL may override", () => {
    expect(smtpOptions("smtp://mail.example.com")).toMatchObject({ ...SMTP_TIMEOUTS, host: "mail.example.com", secure: false });
    expect(SMTP_TIMEOUTS.greetingTimeout).toBeLessThanOrEqual(5_000);
    expect(SMTP_TIMEOUTS.connectionTimeout).toBeLessThanOrEqual(5_000);
    expect(smtpOptions("smtp://mail.example.com/?greetingTimeout=800").greetingTimeout).toBe(800);
    expect(smtpTarget("smtps://u:secret@mail.example.com")).toBe("mail.example.com:465");
    expect(smtpTarget("smtp://u:secret@mail.example.com:2525")).toBe("mail.example.com:2525");
  });
});

describe("SMTP check at start", () => {
  it("says nothing without SMTP_URL, or when the server answers and takes the credentials", async () => {
    useSmtp(undefined);
    expect(await smtpStartCheck()).toBeNull();
    const auth = { user: "mailer", pass: "s3cret" };
    const smtp = await startSmtpServer({ starttls: true, auth });
    try {
      useSmtp(smtp.url({ ...auth, query: "requireTLS=true&tls.rejectUnauthorized=false" }));
      expect(await smtpStartCheck()).toBeNull();
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("names SMTP_URL, the server and the reason when nothing listens (never the password)", async () => {
    const port = await freePort();
    useSmtp(`smtp://mailer:hunter2@127.0.0.1:${port}`);
    const warning = await smtpStartCheck();
    expect(warning).toMatch(new RegExp(`^SMTP_URL: cannot send through the SMTP server at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
    expect(warning).toMatch(/starts anyway/);
    expect(warning).not.toContain("hunter2");
  });

  it("names the refused credentials", async () => {
    const smtp = await startSmtpServer({ auth: { user: "mailer", pass: "right" } });
    try {
      useSmtp(smtp.url({ user: "mailer", pass: "wrong" }));
      expect(await smtpStartCheck()).toMatch(/^SMTP_URL: .*535 5\.7\.8 Authentication credentials invalid/);
    } finally {
      await smtp.close();
    }
  });

  it("does not wait long for a server that never greets", async () => {
    const silent = await startSilentServer();
    try {
      useSmtp(`smtp://127.0.0.1:${silent.port}`);
      const started = Date.now();
      const warning = await smtpStartCheck();
      expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 3_000);
      expect(warning).toMatch(/^SMTP_URL: .*[Gg]reeting never received/);
    } finally {
      await silent.close();
    }
  });

  it("the server start logs each warning and goes on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const warnings = await runStartChecks([async () => null, async () => "SMTP_URL: cannot send through ...", async () => Promise.reject(new Error("boom"))]);
      expect(warnings).toEqual(["SMTP_URL: cannot send through ...", "start check failed: boom"]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("SMTP_URL: cannot send through ..."));
    } finally {
      warn.mockRestore();
    }
  });
});
