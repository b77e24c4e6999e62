import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { expectNoAxeViolations, fillContact, screenshot } from "./browser";
import { journeyBrowser } from "./suite";
import { PUBLIC_ROUTES } from "../src/features/marketing/routes";

const baseUrl = inject("baseUrl");
const suite = journeyBrowser();

const slug = (path: string) => (path === "/" ? "home" : path.slice(1).toLowerCase());

async function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute("content"),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
    description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
    keywords: document.querySelector('meta[name="keywords"]')?.getAttribute("content"),
    twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute("content"),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "{}")),
  }));
}

describe("every public route", () => {
  for (const route of PUBLIC_ROUTES) {
    it(`${route.path} renders with its title, canonical link, metadata and JSON-LD, and passes axe`, async () => {
      const { context, page } = await suite.newPage();
      const res = await page.goto(route.path);
      expect(res?.status()).toBe(200);
      const h = await head(page);
      expect(h.title.startsWith(route.title)).toBe(true);
      // Next.js writes the home canonical without the trailing slash.
      expect(h.canonical).toBe(route.path === "/" ? baseUrl : `${baseUrl}${route.path}`);
      expect(h.ogUrl).toBe(h.canonical);
      expect(h.ogTitle).toBeTruthy();
      expect(h.description?.length).toBeGreaterThan(50);
      expect(h.keywords).toBeTruthy();
      expect(h.twitter).toBe("summary");
      const business = h.jsonLd.find((j) => j["@type"] === "LocalBusiness");
      expect(business).toMatchObject({ priceRange: "$149-$1099", paymentAccepted: "Credit Card, ACH", currenciesAccepted: "USD" });
      expect(await page.locator("h1").count()).toBe(1);
      await expectNoAxeViolations(page);
      await screenshot(page, `public-${slug(route.path)}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `public-${slug(route.path)}-390`);
      // Nothing wider than the phone screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    });
  }

  it("metadata is in the server HTML (no JavaScript needed)", async () => {
    const html = await (await fetch(`${baseUrl}/pricing`)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/pricing"/>`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('"@type":"LocalBusiness"');
  });

  it("/services redirects to /AI_employees; sitemap.xml and robots.txt list the site", async () => {
    const res = await fetch(`${baseUrl}/services`, { redirect: "manual" });
    expect([301, 308]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/\/AI_employees$/);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    for (const r of PUBLIC_ROUTES.filter((r) => r.path !== "/contact-thank-you")) expect(sitemap).toContain(`<loc>${baseUrl}${r.path === "/" ? "/" : r.path}</loc>`);
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
  });

  it("legal pages show the date their text last changed, whatever today is (ADR 0122)", async () => {
    const dates = { "/terms-of-service": "November 23, 2026", "/privacy-policy": "November 26, 2026" };
    for (const [path, date] of Object.entries(dates)) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html).toContain(date);
    }
    const { context, page } = await suite.newPage();
    await page.clock.install({ time: new Date(Date.now() + 3 * 86_400_000) });
    await page.goto("/privacy-policy");
    expect(await page.getByTestId("last-updated").textContent()).toBe(`Last updated: ${dates["/privacy-policy"]}`);
    await context.close();
  });

  it("public pages are prerendered and shared: served from the page cache, cacheable by a CDN, with this server's URLs", async () => {
    for (const route of PUBLIC_ROUTES) {
      await fetch(`${baseUrl}${route.path}`);
      const res = await fetch(`${baseUrl}${route.path}`);
      expect(res.status).toBe(200);
      // Rendered once after start, then served from memory (Next's ISR cache).
      expect(res.headers.get("x-nextjs-cache") ?? "none", route.path).toMatch(/HIT|STALE/);
      expect(res.headers.get("cache-control"), route.path).toMatch(/s-maxage=3600/);
      expect(res.headers.get("cache-control")).not.toMatch(/private|no-store/);
      expect(res.headers.get("set-cookie")).toBeNull();
      // The build ran without this server's address; the cached page holds this server's.
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="${route.path === "/" ? baseUrl : `${baseUrl}${route.path}`}"/>`);
      expect(html).not.toContain("http://localhost:3000");
    }
  });
});

describe("pricing page", () => {
  it("toggles monthly/annual prices and expands and collapses plan features", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/pricing");
    const small = page.getByTestId("plan-small");
    await expect.poll(() => page.getByTestId("price-small").textContent()).toBe("$149");
    expect(await page.getByRole("button", { name: "Monthly" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: /Annual/ }).click();
    await expect.poll(() => page.getByTestId("price-small").textContent()).toBe("$134");
    expect(await page.getByTestId("price-corp").textContent()).toBe("$989");
    expect(await page.getByRole("button", { name: /Annual/ }).textContent()).toContain("Save 10%");
    expect(await page.getByTestId("plan-enterprise").textContent()).toContain("Custom");

    expect(await small.locator("ul li").count()).toBe(4);
    await small.getByRole("button", { name: "+11 more features" }).click();
    await expect.poll(() => small.locator("ul li").count()).toBe(15);
    await screenshot(page, "public-pricing-expanded");
    await small.getByRole("button", { name: "Show Less" }).click();
    await expect.poll(() => small.locator("ul li").count()).toBe(4);
    // Clicking the card itself toggles too.
    await small.locator("h3").click();
    await expect.poll(() => small.locator("ul li").count()).toBe(15);
    await small.locator("h3").click();
    await expect.poll(() => small.locator("ul li").count()).toBe(4);
    // Start Free Trial carries the chosen plan and billing.
    expect(await small.getByRole("link", { name: /Start free trial/i }).getAttribute("href")).toBe("/subscribe?plan=small&billing=annual");
    await context.close();
  });

  it("the estimator recommends the cheapest plan including extra units", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/pricing");
    await page.getByLabel("Answered calls per month").fill("100");
    await page.getByLabel("Average call length (minutes)").fill("2");
    await page.getByLabel("Chat and text conversations per month").fill("40");
    await expect.poll(() => page.getByTestId("estimate-result").textContent()).toContain("120 units");
    expect(await page.getByTestId("estimate-result").textContent()).toContain("Small");
    await page.getByLabel("Answered calls per month").fill("260");
    await page.getByLabel("Chat and text conversations per month").fill("0");
    await expect.poll(() => page.getByTestId("estimate-result").locator("p.text-3xl").textContent()).toBe("Medium");
    await page.getByLabel("Answered calls per month").fill("-3");
    await expect.poll(() => page.getByTestId("estimate-result").getByRole("alert").isVisible()).toBe(true);
    await context.close();
  });
});

describe("demo booking", () => {
  /** The demo form, as Lee Chen of lee@chenlaw.com with this phone and website. */
  async function fillDemo(page: Page, phone: string, website: string): Promise<void> {
    await page.getByLabel("Name").fill("Lee Chen");
    await page.getByLabel("Email").fill("lee@chenlaw.com");
    await page.getByLabel("Phone").fill(phone);
    await page.getByLabel("Website").fill(website);
  }

  it("submits and opens the scheduling page with the AI employee as q1/q2, keeping only the AI employee fields", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/hire-ai-employee?ai_employee_name=Sophie&ai_employee_id=emp_42&customer_email=owner%40acmehvac.com&phone_number=555-010-4477");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Book Your AI Employee Demo");
    // The page is prerendered: the form fills itself from the address once it has hydrated.
    await expect.poll(() => page.getByLabel("Email").inputValue()).toBe("owner@acmehvac.com");
    expect(await page.getByLabel("Phone").inputValue()).toBe("555-010-4477");
    const submit = page.getByRole("button", { name: "Book Demo" });
    // Required fields are marked; submitting with some empty names each of them (issue 23).
    expect(await page.getByText("All fields are required").isVisible()).toBe(true);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expect.poll(() => page.getByTestId("demo-name-error").textContent()).toBe("Name is required");
    expect(await page.getByTestId("demo-website-error").textContent()).toBe("Website is required");
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(context.pages()).toHaveLength(1);
    await page.getByLabel("Name").fill("Dana Whitfield");
    await page.getByLabel("Website").fill("acmehvac.com");

    const [popup] = await Promise.all([context.waitForEvent("page"), submit.click()]);
    await popup.waitForURL(/__scheduling/);
    const url = new URL(popup.url());
    expect(url.origin + url.pathname).toBe(`${baseUrl}/__scheduling`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: "Dana Whitfield", email: "owner@acmehvac.com", q1: "Sophie", q2: "emp_42" });

    await expect.poll(() => page.getByText("Demo Information Submitted!").isVisible()).toBe(true);
    expect(await page.getByText("Please complete your booking in the new tab. Your information has been prefilled.").isVisible()).toBe(true);
    // The confirmation sits beside the link, so nothing covers the link: a click reaches it.
    await page.getByRole("link", { name: "Open the scheduling page" }).click({ trial: true });
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    expect(await page.getByTestId("ai-employee").textContent()).toContain("Sophie");
    await screenshot(page, "public-demo-submitted");
    await context.close();
  });

  it("without an AI employee sends phone and website as a1/a2", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/demo-ai-employee");
    await fillDemo(page, "+1 555 010 9000", "https://chenlaw.com");
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Book Demo" }).click()]);
    await popup.waitForURL(/__scheduling/);
    expect(Object.fromEntries(new URL(popup.url()).searchParams)).toEqual({ name: "Lee Chen", email: "lee@chenlaw.com", a1: "+1 555 010 9000", a2: "https://chenlaw.com" });
    await context.close();
  });

  it("shows the message of the field at fault, not 'Something went wrong'", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/hire-ai-employee");
    await fillDemo(page, "not a phone", "chenlaw.com");
    await page.getByRole("button", { name: "Book Demo" }).click();
    await expect.poll(() => page.getByTestId("demo-phone-error").textContent()).toBe("Enter a valid phone number");
    expect(await page.getByText("Something went wrong. Please try again.").count()).toBe(0);
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });
});

describe("contact form", () => {
  it("works with JavaScript disabled: lands on /contact-thank-you; a blocked word comes back with a message", async () => {
    const { context, page } = await suite.newPage({ javaScriptEnabled: false });
    await page.goto("/contact");
    expect(await page.getByLabel("Message", { exact: true }).getAttribute("rows")).toBe("6");
    await fillContact(page, "Do you offer payday loan reminders?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(/\/contact\?error=blocked/);
    expect(await page.getByRole("alert").textContent()).toContain("spam filter");

    await fillContact(page, "We have two dental offices and miss about 30 calls a week. Which plan fits?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${baseUrl}/contact-thank-you`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Thank You!");
    for (const step of ["Review", "Response", "Schedule"]) expect(await page.getByRole("heading", { name: step }).isVisible()).toBe(true);
    await context.close();
  });

  it("with JavaScript keeps what was typed when the server refuses, then goes to the thank-you page", async () => {
    const { context, page } = await suite.newPage();
    await page.goto("/contact");
    await fillContact(page, "Can your AI take casino bookings?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.locator("#contact-error").textContent()).toContain("blocked words (casino)");
    expect(await page.getByLabel("First name").inputValue()).toBe("Rosa");
    await page.getByLabel("Message", { exact: true }).fill("Can your AI take restaurant reservations for two locations?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${baseUrl}/contact-thank-you`);
    await context.close();
  });
});
