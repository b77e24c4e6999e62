import { afterAll, beforeAll, inject } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminContext, launch, newContext, newCustomerWithEmployee, newPage, type CustomerWithEmployee } from "./browser";

type ContextOptions = Parameters<typeof newContext>[2];
type CustomerOptions = Parameters<typeof newCustomerWithEmployee>[3];

/** A journey file's browser and, if asked for, the demo admin's context; both exist once the file's first hook has run. */
export type Suite = {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A context signed in as the seeded demo admin (only with `{ admin: true }`). */
  readonly admin: BrowserContext;
  /** A new context on the app (1280 × 900 unless told). */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  /** A new context on the app and its first page. */
  newPage(opts?: ContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** A new customer of this journey with an AI employee the admin prepared (see newCustomerWithEmployee). */
  newCustomerWithEmployee(opts: CustomerOptions): Promise<CustomerWithEmployee>;
};

/**
 * Launches the file's browser before its journeys and closes it after them;
 * with `{ admin: true }` also signs the demo admin in (in a context of its
 * own, closed before the browser). Call it before the file's own hooks:
 * vitest runs beforeAll hooks in order and afterAll hooks in reverse, so the
 * file's own setup finds the browser and its own cleanup runs first.
 */
export function journeyBrowser(opts: { admin?: boolean } = {}): Suite {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;
  let admin: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
    if (opts.admin) admin = await adminContext(browser, baseUrl);
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });
  const suite: Suite = {
    baseUrl,
    get browser() {
      if (!browser) throw new Error("journeyBrowser(): the browser is launched in beforeAll");
      return browser;
    },
    get admin() {
      if (!admin) throw new Error("journeyBrowser(): the admin context needs journeyBrowser({ admin: true }), signed in in beforeAll");
      return admin;
    },
    newContext: (contextOpts) => newContext(suite.browser, baseUrl, contextOpts),
    newPage: (contextOpts) => newPage(suite.browser, baseUrl, contextOpts),
    newCustomerWithEmployee: (customerOpts) => newCustomerWithEmployee(suite.browser, baseUrl, suite.admin, customerOpts),
  };
  return suite;
}
