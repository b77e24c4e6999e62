import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { clientIpFrom } from "@/lib/http/client-ip";
import * as demoLeads from "@app/api/demo-leads/route";
import * as contact from "@app/api/contact/route";
import { POST as authPost } from "@app/api/auth/[...all]/route";
import { BASE, call } from "../http-helpers";

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  resetConfigForTests();
});

describe("the client address is the one the trusted proxy appended, not one the client chose", () => {
  it("counts trusted hops from the right; entries further left are the client's own words", () => {
    // Our server appends the connection's address: with no proxy that is the client.
    expect(clientIpFrom("6.6.6.6, 203.0.113.5", 0)).toBe("203.0.113.5");
    expect(clientIpFrom("203.0.113.5", 0)).toBe("203.0.113.5");
    // Behind one proxy (which appended the client's address, then we appended the proxy's).
    expect(clientIpFrom("6.6.6.6, 198.51.100.7, 10.0.0.2", 1)).toBe("198.51.100.7");
    expect(clientIpFrom("198.51.100.7, 10.0.0.2", 1)).toBe("198.51.100.7");
    // Fewer entries than hops: the leftmost there is.
    expect(clientIpFrom("10.0.0.2", 2)).toBe("10.0.0.2");
    expect(clientIpFrom("::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientIpFrom("[2001:db8::1]:443", 0)).toBe("2001:db8::1");
    expect(clientIpFrom(null, 0)).toBe("unknown");
  });

  const lead = (i: number) => ({ name: `Lead ${i}`, email: `lead${i}@example.com`, phone: "+1 555 0100", website: "example.com" });

  it("the demo-lead limit cannot be dodged by writing a new X-Forwarded-For each time", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(demoLeads.POST, { method: "POST", path: "/api/demo-leads", body: lead(i), headers: { "x-forwarded-for": `6.6.6.${i}, 203.0.113.50`, origin: BASE } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("the contact limit counts the appended address too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(contact.POST, {
        method: "POST",
        path: "/api/contact",
        body: { first_name: "Ann", last_name: "Lee", email: `ann${i}@example.com`, inquiry_subject: "Plans", message: "A question about the plans." },
        headers: { "x-forwarded-for": `7.7.7.${i}, 203.0.113.60`, origin: BASE },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("behind a configured proxy the proxy's own address is not the client", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    resetConfigForTests();
    // Two clients behind one proxy (10.0.0.2) are counted apart.
    for (let i = 0; i < 5; i++) {
      const res = await call(demoLeads.POST, { method: "POST", path: "/api/demo-leads", body: lead(100 + i), headers: { "x-forwarded-for": `198.51.100.1, 10.0.0.2`, origin: BASE } });
      expect(res.status).toBeLessThan(300);
    }
    const other = await call(demoLeads.POST, { method: "POST", path: "/api/demo-leads", body: lead(200), headers: { "x-forwarded-for": `198.51.100.2, 10.0.0.2`, origin: BASE } });
    expect(other.status).toBeLessThan(300);
  });

  it("better-auth's sign-in limit keys on the same address: a rotated X-Forwarded-For is still one client", async () => {
    const attempt = (i: number) =>
      authPost(
        new Request(`${BASE}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": `9.9.9.${i}, 203.0.113.70` },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "Wrong-Password-123" }),
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toContain(429);
  });
});
