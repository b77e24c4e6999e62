import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { resetConfigForTests } from "@/lib/config";
import { jobIdForKey, jobStatus, startJobs } from "@/lib/jobs";
import { jobQueue } from "@/lib/jobs/jobs.server";
import { drainJobs, makeJobsDue, runDueJobs } from "@/lib/jobs/testing.server";
import { EMAIL_DELIVERY_JOB, emailDeliveryJob, messageIdFor, queueEmail, type OutgoingEmail } from "@/features/email/email.server";
import { freePort, startSilentServer, startSmtpServer, type TestSmtpServer } from "./smtp-test-server";

/**
 * The e-mail delivery job against a real SMTP server (smtp-server) started
 * here: plain, STARTTLS and smtps connections, AUTH PLAIN and LOGIN, a
 * rejected recipient, a temporary refusal, a server that is down and comes
 * back, one that never greets, and a message that is never sent twice.
 */

process.env.EMAIL_FROM = "AI Employees <hello@ai-employees.test>";

const servers: TestSmtpServer[] = [];
async function server(opts: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const s = await startSmtpServer(opts);
  servers.push(s);
  return s;
}

function setSmtpUrl(url: string | undefined): void {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetConfigForTests();
}

const mail = (over: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  to: `someone-${randomUUID().slice(0, 8)}@example.com`,
  subject: "A test message",
  text: "Hello in plain text.",
  html: "<p>Hello in <strong>HTML</strong>.</p>",
  kind: "test",
  ...over,
});

async function queue(message = mail()) {
  const db = await getDb();
  const { id } = await queueEmail(db, message);
  return { id, message };
}

async function row(id: string) {
  const [r] = await (await getDb()).select().from(emailMessages).where(eq(emailMessages.id, id));
  return r!;
}

const deliveryKey = (id: string) => `${EMAIL_DELIVERY_JOB}:${id}`;
async function deliveryJob(id: string) {
  const [job] = await jobQueue().boss.findJobs(EMAIL_DELIVERY_JOB, { id: jobIdForKey(deliveryKey(id)) });
  return job!;
}

beforeAll(async () => {
  await startJobs({ jobs: [emailDeliveryJob], workers: false });
});
afterEach(async () => {
  setSmtpUrl(undefined);
  // Each test starts with no delivery waiting for a retry from the one before.
  const { boss } = jobQueue();
  const waiting = await boss.findJobs(EMAIL_DELIVERY_JOB, { queued: true });
  if (waiting.length)
    await boss.deleteJob(
      EMAIL_DELIVERY_JOB,
      waiting.map((j) => j.id),
    );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  delete process.env.EMAIL_FROM;
  resetConfigForTests();
});

describe("queueing", () => {
  it("without SMTP_URL the e-mail stays in the outbox and no delivery job is queued", async () => {
    setSmtpUrl(undefined);
    const { id } = await queue();
    expect((await row(id)).status).toBe("outbox");
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBeNull();
  });

  it("with SMTP_URL the row and its delivery job are stored in the caller's transaction, or neither", async () => {
    const smtp = await server();
    setSmtpUrl(smtp.url());
    const db = await getDb();
    let id = "";
    await expect(
      db.transaction(async (tx) => {
        id = (await queueEmail(tx, mail())).id;
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow("the caller's write failed");
    expect(await (await getDb()).select().from(emailMessages).where(eq(emailMessages.id, id))).toHaveLength(0);
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBeNull();

    await db.transaction(async (tx) => {
      id = (await queueEmail(tx, mail())).id;
    });
    // Queued, not sent: nothing talks to SMTP until the job runs.
    expect((await row(id)).status).toBe("queued");
    expect(smtp.received).toHaveLength(0);
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBe("queued");
  });

  it("the same key queues one e-mail", async () => {
    const smtp = await server();
    setSmtpUrl(smtp.url());
    const db = await getDb();
    const key = `k-${randomUUID()}`;
    const m = mail();
    const first = await queueEmail(db, m, { key });
    const second = await queueEmail(db, m, { key });
    expect(first).toMatchObject({ created: true, status: "queued" });
    expect(second).toMatchObject({ id: first.id, created: false });
    await drainJobs();
    expect(smtp.received.filter((r) => r.envelopeTo.includes(m.to))).toHaveLength(1);
  });
});

describe("connections and AUTH", () => {
  it("delivers over a plain connection, with a stable Message-ID, and marks the row sent", async () => {
    const smtp = await server();
    setSmtpUrl(smtp.url());
    const { id, message } = await queue();
    await drainJobs();
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.secure).toBe(false);
    expect(got.envelopeFrom).toBe("hello@ai-employees.test");
    expect(got.envelopeTo).toEqual([message.to]);
    expect(got.parsed.messageId).toBe(messageIdFor(id));
    expect(messageIdFor(id)).toBe(`<${id}@ai-employees.test>`);
    expect(got.parsed.subject).toBe(message.subject);
    expect(got.parsed.text?.trim()).toBe(message.text);
    expect(got.parsed.html).toBe(message.html);
    const r = await row(id);
    expect(r.status).toBe("sent");
    expect(r.sentAt).toBeInstanceOf(Date);
    expect(r.error).toBeNull();
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBe("completed");
  });

  /** Sends one message through a server that wants STARTTLS and `auth` (self-signed certificate accepted only through the URL), logging in with `method`. */
  async function sentLoggedIn(auth: { user: string; pass: string }, method: "PLAIN" | "LOGIN") {
    const smtp = await server({ starttls: true, auth });
    setSmtpUrl(smtp.url({ ...auth, query: `requireTLS=true&tls.rejectUnauthorized=false&authMethod=${method}` }));
    const { id } = await queue();
    await drainJobs();
    expect((await row(id)).status).toBe("sent");
    return smtp.received;
  }

  it("upgrades with STARTTLS (self-signed certificate accepted only through the URL) and logs in with AUTH PLAIN", async () => {
    const received = await sentLoggedIn({ user: "mailer@ai-employees.test", pass: "p@ss:w/rd %secret" }, "PLAIN");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ secure: true, user: "mailer@ai-employees.test" });
  });

  it("logs in with AUTH LOGIN over STARTTLS", async () => {
    const received = await sentLoggedIn({ user: "mailer", pass: "another secret" }, "LOGIN");
    expect(received[0]).toMatchObject({ secure: true, user: "mailer" });
  });

  it("delivers over smtps:// (TLS from the first byte)", async () => {
    const smtp = await server({ implicitTls: true });
    setSmtpUrl(smtp.url({ scheme: "smtps", query: "tls.rejectUnauthorized=false" }));
    const { id } = await queue();
    await drainJobs();
    expect((await row(id)).status).toBe("sent");
    expect(smtp.received[0]?.secure).toBe(true);
  });

  it("without the URL's consent a self-signed certificate is refused: the e-mail waits and is retried, with the reason", async () => {
    const smtp = await server({ starttls: true });
    setSmtpUrl(smtp.url({ query: "requireTLS=true" }));
    const { id } = await queue();
    await runDueJobs();
    const r = await row(id);
    expect(r.status).toBe("queued");
    expect(r.error).toMatch(/certificate/i);
    expect((await deliveryJob(id)).state).toBe("retry");
    expect(smtp.received).toHaveLength(0);
  });

  it("a wrong password is retried (an operator fixes it), with the server's answer on the row", async () => {
    const smtp = await server({ auth: { user: "mailer", pass: "right" } });
    setSmtpUrl(smtp.url({ user: "mailer", pass: "wrong" }));
    const { id } = await queue();
    await runDueJobs();
    expect((await deliveryJob(id)).state).toBe("retry");
    expect((await row(id)).error).toMatch(/535/);

    setSmtpUrl(smtp.url({ user: "mailer", pass: "right" }));
    await makeJobsDue();
    await drainJobs();
    expect((await row(id)).status).toBe("sent");
    expect(smtp.received).toHaveLength(1);
  });
});

describe("refusals and outages", () => {
  it("a rejected recipient (550) marks the e-mail failed with the server's answer, after one attempt", async () => {
    const smtp = await server({ onRecipient: (a) => (a.startsWith("nobody") ? [550, "5.1.1 <nobody@example.com>: Recipient address rejected: User unknown"] : null) });
    setSmtpUrl(smtp.url());
    const { id } = await queue(mail({ to: "nobody@example.com" }));
    await runDueJobs();
    const r = await row(id);
    expect(r.status).toBe("failed");
    expect(r.error).toMatch(/550 5\.1\.1 <nobody@example.com>: Recipient address rejected/);
    expect(r.sentAt).toBeNull();
    // Not retried: the job is finished.
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBe("completed");
    await makeJobsDue();
    expect(await runDueJobs()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("a temporary refusal (451) is retried with backoff and delivered once accepted", async () => {
    let refuse = true;
    const smtp = await server({ onRecipient: () => (refuse ? [451, "4.7.1 Greylisted, try again later"] : null) });
    setSmtpUrl(smtp.url());
    const { id } = await queue();
    await runDueJobs();
    const job = await deliveryJob(id);
    expect(job.state).toBe("retry");
    // The first retry waits about retryDelaySeconds (10 s, with jitter).
    expect(job.startAfter.getTime() - Date.now()).toBeGreaterThan(4_000);
    expect(await row(id)).toMatchObject({ status: "queued", error: expect.stringMatching(/451 4\.7\.1 Greylisted/) });
    expect(await runDueJobs()).toBe(0);

    refuse = false;
    await makeJobsDue();
    await drainJobs();
    expect(await row(id)).toMatchObject({ status: "sent", error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it("a server that is down and then comes back gets the e-mail once, after a retry", async () => {
    const port = await freePort();
    setSmtpUrl(`smtp://127.0.0.1:${port}`);
    const { id, message } = await queue();
    await runDueJobs();
    expect((await deliveryJob(id)).state).toBe("retry");
    expect(await row(id)).toMatchObject({ status: "queued", error: expect.stringMatching(/ECONNREFUSED/) });

    const smtp = await server({ port });
    await makeJobsDue();
    await drainJobs();
    expect((await row(id)).status).toBe("sent");
    expect(smtp.received.map((r) => r.envelopeTo)).toEqual([[message.to]]);
    const job = await deliveryJob(id);
    expect(job.state).toBe("completed");
    expect(job.retryCount).toBe(1);

    // Nothing left to run, however long we wait.
    await makeJobsDue();
    expect(await runDueJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("a server that never greets ends the attempt after the short greeting timeout, and it is retried", async () => {
    const silent = await startSilentServer();
    try {
      // The default greeting timeout (5 s) applies: the URL sets none.
      setSmtpUrl(`smtp://127.0.0.1:${silent.port}`);
      const { id } = await queue();
      const started = Date.now();
      await runDueJobs();
      const took = Date.now() - started;
      expect(took).toBeGreaterThan(4_000);
      expect(took).toBeLessThan(10_000);
      expect(silent.connections()).toBe(1);
      expect((await deliveryJob(id)).state).toBe("retry");
      expect((await row(id)).error).toMatch(/greeting/i);
    } finally {
      await silent.close();
    }
  });

  it("the last attempt marks the e-mail failed and the job dead", async () => {
    const port = await freePort();
    setSmtpUrl(`smtp://127.0.0.1:${port}`);
    const db = await getDb();
    const { id } = await queueEmail(db, mail());
    // Two attempts in all for this one (the kind allows 20).
    await jobQueue().boss.update(EMAIL_DELIVERY_JOB, undefined, { id: jobIdForKey(deliveryKey(id)), retryLimit: 1 });
    await runDueJobs();
    expect((await row(id)).status).toBe("queued");
    await makeJobsDue();
    await runDueJobs();
    expect(await row(id)).toMatchObject({ status: "failed", error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await jobStatus(emailDeliveryJob, deliveryKey(id))).toBe("failed");
  });
});

describe("never twice", () => {
  it("a delivery job that runs again for a sent e-mail sends nothing", async () => {
    const smtp = await server();
    setSmtpUrl(smtp.url());
    const { id } = await queue();
    await drainJobs();
    expect(smtp.received).toHaveLength(1);
    // A repeated run (e.g. after a crash between the send and the job's completion).
    await emailDeliveryJob.handler({ emailId: id }, { id: "repeat", attempt: 2, maxAttempts: 20, signal: new AbortController().signal });
    expect(smtp.received).toHaveLength(1);
    expect((await row(id)).status).toBe("sent");
  });
});
