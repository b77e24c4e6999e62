import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { resetConfigForTests } from "@/lib/config";
import { jobIdForKey, startJobs } from "@/lib/jobs";
import { jobQueue, stopJobWorkers } from "@/lib/jobs/jobs.server";
import { makeJobsDue } from "@/lib/jobs/testing.server";
import { EMAIL_DELIVERY_JOB, emailDeliveryJob } from "@/features/email/email.server";
import { POST as contactPost } from "@app/api/contact/route";
import { GET as health } from "@app/api/health/route";
import { BASE, call } from "./http-helpers";
import { startSilentServer, startSmtpServer } from "./smtp-test-server";

/**
 * As in production: the delivery worker runs in the same process as the
 * requests (and, on PGlite, on the same database connection). While the
 * worker waits for an SMTP server that never greets, the contact form and
 * /api/health still answer at once: the worker holds no transaction while it
 * talks to SMTP (issue 11: this used to deadlock).
 */

process.env.TEAM_EMAIL = "team@ai-employees.test";

let silent: Awaited<ReturnType<typeof startSilentServer>>;

beforeAll(async () => {
  silent = await startSilentServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${silent.port}`;
  resetConfigForTests();
  await startJobs({ jobs: [emailDeliveryJob], pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobWorkers();
  await silent.close();
  delete process.env.SMTP_URL;
  delete process.env.TEAM_EMAIL;
  resetConfigForTests();
});

async function waitFor<T>(what: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const post = (email: string) =>
  contactPost(
    new Request(`${BASE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250)}` },
      body: new URLSearchParams({
        first_name: "Rosa",
        last_name: "Martinez",
        email,
        company: "",
        phone: "",
        website: "",
        inquiry_subject: "Support",
        message: "Hello there, a question about plans.",
        _honey: "",
      }).toString(),
    }),
  );

describe("delivery worker beside the requests", () => {
  it("requests answer while the worker waits on a silent SMTP server; the e-mail goes out once a server answers", async () => {
    const email = `rosa-${randomUUID().slice(0, 8)}@example.com`;
    const first = Date.now();
    expect((await post(email)).status).toBe(303);
    expect(Date.now() - first).toBeLessThan(2_000);

    // The worker has picked the job up and is waiting for the greeting.
    await waitFor(async () => (silent.connections() > 0 ? true : undefined), 5_000);
    const during = Date.now();
    expect((await call(health, { path: "/api/health" })).status).toBe(200);
    expect((await post(`other-${email}`)).status).toBe(303);
    expect(Date.now() - during).toBeLessThan(2_000);

    // The attempt ends at the greeting timeout and waits for its retry; a real server appears.
    const rowOf = async () => {
      const rows = await (await getDb()).select().from(emailMessages).where(eq(emailMessages.kind, "contact_message"));
      return rows.find((r) => r.text.includes(`Email: ${email}`));
    };
    const row = await waitFor(rowOf, 2_000);
    const retrying = async () => {
      const [job] = await jobQueue().boss.findJobs(EMAIL_DELIVERY_JOB, { id: jobIdForKey(`${EMAIL_DELIVERY_JOB}:${row.id}`) });
      return job?.state === "retry" ? job : undefined;
    };
    await waitFor(retrying, 10_000);
    expect((await rowOf())?.error).toMatch(/greeting/i);

    const smtp = await startSmtpServer();
    try {
      process.env.SMTP_URL = smtp.url();
      resetConfigForTests();
      await makeJobsDue();
      await waitFor(async () => ((await rowOf())?.status === "sent" ? true : undefined), 15_000);
      expect(smtp.received.filter((m) => m.parsed.text?.includes(`Email: ${email}`))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  }, 40_000);
});
