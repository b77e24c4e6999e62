import { expect } from "vitest";
import { POST as createSetupIntent } from "@app/api/create-setup-intent/route";
import { POST as confirmSetup } from "@app/api/sandbox/confirm-setup/route";
import { call, type TestUser } from "./http-helpers";

/** Checkout on the sandbox provider up to a confirmed card (4242…) for the caller's account; returns the setup intent's id. */
export async function confirmedSetupIntent(u: TestUser): Promise<string> {
  const si = (await (await call(createSetupIntent, { method: "POST", path: "/api/create-setup-intent", cookie: u.cookie, body: {} })).json()) as { clientSecret: string };
  const res = await call(confirmSetup, {
    method: "POST",
    path: "/api/sandbox/confirm-setup",
    cookie: u.cookie,
    body: { clientSecret: si.clientSecret, cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { setupIntent: { id: string } }).setupIntent.id;
}
