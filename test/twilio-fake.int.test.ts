import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { SmsSendError } from "@/features/sms/port";
import { twilioSmsSender } from "@/features/sms/twilio.server";
import { verifyTwilioSignature } from "@/features/sms/twilio-signature";
import { MAX_BODY_CHARACTERS, signCallback, startTwilioFake, TEST_TWILIO_ACCOUNT, TWILIO_ERRORS, type TwilioFake } from "./twilio-fake";
import { rejectionOf } from "./loopback-fake";

/**
 * Each rule the Twilio fake enforces (test/twilio-fake.ts names its source):
 * a request that breaks exactly that rule is refused with Twilio's code, and
 * the adapter's own request (or the same request without the fault) is
 * accepted, so taking a rule out of the fake fails its test.
 */

const { accountSid: SID, authToken: TOKEN, from: FROM } = TEST_TWILIO_ACCOUNT;
const OTHER_SID = "ACfedcba9876543210fedcba9876543210";
const TO = "+14155550123";
const CALLBACK = "https://app.example.test/api/v1/webhooks/twilio";

let fake: TwilioFake;
const received: { url: string; headers: Record<string, string>; body: string }[] = [];

type Answer = { status: number; json: Record<string, unknown> };

async function post(fields: Record<string, string> | null, opts: { auth?: string | null; path?: string; json?: boolean; raw?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = opts.auth === undefined ? `${SID}:${TOKEN}` : opts.auth;
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString("base64")}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (fields && opts.json) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(fields);
  } else if (fields) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(fields).toString();
  }
  const res = await fetch(`${fake.url}${opts.path ?? fake.messagesPath}`, { method: "POST", headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const valid = (over: Record<string, string | undefined> = {}): Record<string, string> =>
  Object.fromEntries(Object.entries({ To: TO, From: FROM, Body: "New call from (415) 555-0123.", StatusCallback: CALLBACK, ...over }).filter(([, v]) => v !== undefined)) as Record<string, string>;

function expectError(answer: Answer, error: { code: number; status: number }) {
  expect(answer.status).toBe(error.status);
  expect(answer.json).toMatchObject({ code: error.code, status: error.status, more_info: `https://www.twilio.com/docs/errors/${error.code}` });
  expect(typeof answer.json.message).toBe("string");
}

function sender(over: { authToken?: string; from?: string; statusCallbackUrl?: string | null } = {}) {
  return twilioSmsSender({
    accountSid: SID,
    authToken: over.authToken ?? TOKEN,
    from: over.from ?? FROM,
    baseUrl: fake.url,
    statusCallbackUrl: over.statusCallbackUrl === undefined ? CALLBACK : over.statusCallbackUrl,
    timeoutMs: 5_000,
  });
}

const sendError = (p: Promise<unknown>) => rejectionOf(p, SmsSendError);

beforeEach(async () => {
  received.length = 0;
  fake = await startTwilioFake({
    accountSid: SID,
    authToken: TOKEN,
    from: FROM,
    deliverCallback: async (url, init) => {
      received.push({ url, headers: init.headers, body: init.body });
      return new Response(null, { status: 200 });
    },
  });
  // The adapter goes through the guarded outbound fetch: the fake's loopback address is allowed.
  process.env.OUTBOUND_ALLOW_HOSTS = fake.host;
  resetConfigForTests();
});
afterEach(() => fake.stop());
afterAll(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  resetConfigForTests();
});

describe("the adapter against the fake", () => {
  it("creates a message with form-encoded To, From, Body and StatusCallback under Basic auth; 201 answers an SM sid and status queued", async () => {
    const accepted = await sender().send({ to: TO, body: "New call from (415) 555-0123: wants a quote.", messageId: "m1" });
    expect(accepted.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(accepted.status).toBe("queued");
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${SID}/Messages.json`, contentType: "application/x-www-form-urlencoded", status: 201 });
    expect(req!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(req!.params).toEqual({ To: TO, From: FROM, Body: "New call from (415) 555-0123: wants a quote.", StatusCallback: CALLBACK });
    expect(fake.messages).toEqual([expect.objectContaining({ sid: accepted.sid, to: TO, from: FROM, status: "queued", statusCallback: CALLBACK })]);
    expect(req!.answer).toMatchObject({ sid: accepted.sid, account_sid: SID, status: "queued", direction: "outbound-api", api_version: "2010-04-01", error_code: null, num_segments: "1" });
  });

  it("sends no StatusCallback when told none (a loopback PUBLIC_BASE_URL)", async () => {
    await sender({ statusCallbackUrl: null }).send({ to: TO, body: "Hello", messageId: "m2" });
    expect(fake.requests[0]!.params).toEqual({ To: TO, From: FROM, Body: "Hello" });
  });
});

describe("rules", () => {
  it("authentication: no credentials or a wrong auth token is 401 with 20003; the adapter's refusal is permanent", async () => {
    expectError(await post(valid(), { auth: null }), TWILIO_ERRORS.authenticate);
    expectError(await post(valid(), { auth: `${SID}:wrong-token-0123456789` }), TWILIO_ERRORS.authenticate);
    expectError(await post(valid(), { auth: `${SID}` }), TWILIO_ERRORS.authenticate);
    expect((await post(valid())).status).toBe(201);
    const err = await sendError(sender({ authToken: "wrong-token-0123456789abcd" }).send({ to: TO, body: "x", messageId: "m" }));
    expect(err.info).toEqual({ code: 20003, httpStatus: 401, permanent: true, optedOut: false });
    expect(err.message).toBe("Twilio error 20003: Authenticate");
  });

  it("the account in the path is the authenticated one: another account's Messages is 20003", async () => {
    expectError(await post(valid(), { path: `/2010-04-01/Accounts/${OTHER_SID}/Messages.json` }), TWILIO_ERRORS.authenticate);
    expect((await post(valid(), { path: `/2010-04-01/Accounts/${SID}/Messages.json` })).status).toBe(201);
  });

  it("form encoding: the same fields as JSON carry no parameters (21604, To missing)", async () => {
    expectError(await post(valid(), { json: true }), TWILIO_ERRORS.toRequired);
    expect((await post(valid())).status).toBe(201);
  });

  it("To is required (21604)", async () => {
    expectError(await post(valid({ To: undefined })), TWILIO_ERRORS.toRequired);
    expectError(await post(valid({ To: "" })), TWILIO_ERRORS.toRequired);
  });

  it("From or MessagingServiceSid is required (21603)", async () => {
    expectError(await post(valid({ From: undefined })), TWILIO_ERRORS.fromRequired);
    // A Messaging Service is a sender (then refused as not the account's: the fake's account has none).
    expectError(await post(valid({ From: undefined, MessagingServiceSid: "MG0123456789abcdef0123456789abcdef" })), TWILIO_ERRORS.invalidFrom);
  });

  it("Body or MediaUrl is required (21602)", async () => {
    expectError(await post(valid({ Body: undefined })), TWILIO_ERRORS.bodyRequired);
    expectError(await post(valid({ Body: "" })), TWILIO_ERRORS.bodyRequired);
    expect((await post(valid({ Body: undefined, MediaUrl: "https://app.example.test/logo.png" }))).status).toBe(201);
  });

  it.each(["4155550123", "+1 415 555 0123", "+1-415-555-0123", "+1(415)5550123", "+04155550123", "+1234567890123456", "whatsapp:+14155550123"])("To in E.164 (21211): %s is refused", async (to) => {
    expectError(await post(valid({ To: to })), TWILIO_ERRORS.invalidTo);
  });

  it("From must be the account's number (21606)", async () => {
    expectError(await post(valid({ From: "+13105550199" })), TWILIO_ERRORS.invalidFrom);
    const err = await sendError(sender({ from: "+13105550199" }).send({ to: TO, body: "x", messageId: "m" }));
    expect(err.info).toMatchObject({ code: 21606, httpStatus: 400, permanent: true, optedOut: false });
  });

  it(`Body at most ${MAX_BODY_CHARACTERS} characters (21617)`, async () => {
    expectError(await post(valid({ Body: "a".repeat(MAX_BODY_CHARACTERS + 1) })), TWILIO_ERRORS.bodyTooLong);
    expect((await post(valid({ Body: "a".repeat(MAX_BODY_CHARACTERS) }))).status).toBe(201);
  });

  it.each(["not a url", "ftp://app.example.test/cb", "https://bad_host.example.test/cb", `https://app.example.test/${"x".repeat(4000)}`])(
    "StatusCallback a fully qualified http(s) URL (21609): %s is refused",
    async (url) => {
      expectError(await post(valid({ StatusCallback: url })), TWILIO_ERRORS.invalidStatusCallback);
    },
  );

  it("a recipient who replied STOP is refused (21610) until START; the adapter reports it as opted out", async () => {
    fake.optOut(TO);
    expectError(await post(valid()), TWILIO_ERRORS.unsubscribed);
    const err = await sendError(sender().send({ to: TO, body: "x", messageId: "m" }));
    expect(err.info).toEqual({ code: 21610, httpStatus: 400, permanent: true, optedOut: true });
    expect(err.message).toBe("Twilio error 21610: Attempt to send to unsubscribed recipient");
    fake.optIn(TO);
    expect((await post(valid())).status).toBe(201);
  });
});

describe("status callbacks", () => {
  it("POSTs the documented parameters, form-encoded, signed the way Twilio documents (the product's verifier agrees)", async () => {
    const { sid } = await sender().send({ to: TO, body: "Hello", messageId: "m" });
    expect(await fake.sendStatus(sid, "delivered")).toBe(200);
    const [cb] = received;
    expect(cb!.url).toBe(CALLBACK);
    expect(cb!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const params = [...new URLSearchParams(cb!.body)];
    expect(Object.fromEntries(params)).toEqual({ AccountSid: SID, ApiVersion: "2010-04-01", From: FROM, MessageSid: sid, MessageStatus: "delivered", SmsSid: sid, SmsStatus: "delivered", To: TO });
    expect(verifyTwilioSignature(TOKEN, CALLBACK, params, cb!.headers["x-twilio-signature"]!)).toBe(true);
    expect(verifyTwilioSignature(TOKEN, `${CALLBACK}?x=1`, params, cb!.headers["x-twilio-signature"]!)).toBe(false);
    await fake.sendStatus(sid, "undelivered", { errorCode: 30003 });
    expect(Object.fromEntries(new URLSearchParams(received[1]!.body))).toMatchObject({ MessageStatus: "undelivered", ErrorCode: "30003" });
  });

  it("the fake's signer reproduces Twilio's documented example (token 12345)", () => {
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+14158675309", Digits: "1234", From: "+14158675309", To: "+18005551212" };
    expect(signCallback("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
  });
});

describe("test switches", () => {
  it("down (503) and failNext (500, 429) are transient for the adapter; 4xx injected is permanent", async () => {
    fake.down();
    expect((await sendError(sender().send({ to: TO, body: "x", messageId: "m" }))).info).toMatchObject({ code: 20503, httpStatus: 503, permanent: false });
    fake.up();
    fake.failNext({ status: 500 });
    expect((await sendError(sender().send({ to: TO, body: "x", messageId: "m" }))).info).toMatchObject({ httpStatus: 500, permanent: false });
    fake.failNext({ status: 429 });
    expect((await sendError(sender().send({ to: TO, body: "x", messageId: "m" }))).info).toMatchObject({ code: 20429, httpStatus: 429, permanent: false });
    fake.failNext({ status: 400, code: 21612, message: "The 'To' phone number is not currently reachable via SMS" });
    expect((await sendError(sender().send({ to: TO, body: "x", messageId: "m" }))).info).toMatchObject({ code: 21612, permanent: true });
    expect(fake.messages).toHaveLength(0);
    await sender().send({ to: TO, body: "x", messageId: "m" });
    expect(fake.messages).toHaveLength(1);
  });

  it("refusing connections is transient: Twilio could not be reached", async () => {
    fake.down("refusing");
    const err = await sendError(sender().send({ to: TO, body: "x", messageId: "m" }));
    expect(err.info).toEqual({ code: null, httpStatus: null, permanent: false, optedOut: false });
    expect(err.message).toMatch(/^Twilio could not be reached/);
  });
});
