import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resetConfigForTests } from "@/lib/config";
import { LoopbackFake } from "./loopback-fake";

/**
 * Twilio's Programmable Messaging API as a loopback fake (node:http on a
 * random port), the way test/retell-fake.ts stands in for Retell: it keeps
 * the messages it accepted, records every request, and refuses what Twilio
 * documents as refused, with Twilio's error code. Each rule names its
 * source; test/twilio-fake.int.test.ts has a test per rule that fails when
 * the rule is taken out.
 *
 * Sources:
 *   https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource (the request and the answer)
 *   https://www.twilio.com/docs/usage/requests-to-twilio (HTTP Basic authentication, form-encoded parameters)
 *   https://www.twilio.com/docs/usage/twilios-response (the error body: code, message, more_info, status)
 *   https://www.twilio.com/docs/api/errors/<code> (each error code below)
 *   https://www.twilio.com/docs/usage/webhooks/webhooks-security (how a status callback is signed)
 *   https://www.twilio.com/docs/messaging/api/message-resource#twilios-request-to-the-statuscallback-url (its parameters)
 *
 * Not rules of Twilio's, but switches for tests: `down()` (503, or every
 * connection cut), `failNext()` (one injected answer), `optOut()` (a number
 * replies STOP), `sendStatus()` (Twilio reports a status change).
 */

/** Error codes and texts: each page's title (https://www.twilio.com/docs/api/errors/<code>). */
export const TWILIO_ERRORS = {
  authenticate: { code: 20003, status: 401, message: "Authenticate" },
  notFound: { code: 20404, status: 404, message: "The requested resource was not found" },
  invalidTo: { code: 21211, status: 400, message: "Invalid 'To' Phone Number" },
  bodyRequired: { code: 21602, status: 400, message: "Message body is required" },
  fromRequired: { code: 21603, status: 400, message: "A 'From' phone number is required" },
  toRequired: { code: 21604, status: 400, message: "A 'To' phone number is required" },
  invalidFrom: { code: 21606, status: 400, message: "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account" },
  invalidStatusCallback: { code: 21609, status: 400, message: "Invalid 'StatusCallback'" },
  unsubscribed: { code: 21610, status: 400, message: "Attempt to send to unsubscribed recipient" },
  bodyTooLong: { code: 21617, status: 400, message: "The concatenated message body exceeds the 1600 character limit" },
  unavailable: { code: 20503, status: 503, message: "Service Unavailable (the Twilio fake is down)" },
} as const;

type TwilioError = { code: number; status: number; message: string };

/** The error body (https://www.twilio.com/docs/usage/twilios-response): `more_info` is the error's page. */
function errorBody(e: TwilioError) {
  return { code: e.code, message: e.message, more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status };
}

/**
 * RULE E.164 (21211): "Twilio requires phone numbers in E.164 format: a +
 * followed by the country code and the subscriber number including the area
 * code, with no spaces, dashes, or parentheses" (at most 15 digits; the
 * country code does not start with 0). https://www.twilio.com/docs/api/errors/21211
 */
const E164 = /^\+[1-9]\d{1,14}$/;

/** RULE body length (21617): "The Body parameter for an outgoing message can be up to 1,600 characters." https://www.twilio.com/docs/api/errors/21617 */
export const MAX_BODY_CHARACTERS = 1600;

/**
 * RULE StatusCallback (21609): "a fully qualified URL including protocol
 * (http:// or https://), hostname, file path"; at most 4000 characters;
 * "underscores are not permitted" in the hostname. https://www.twilio.com/docs/api/errors/21609
 */
function statusCallbackProblem(value: string): boolean {
  if (value.length > 4000) return true;
  try {
    const url = new URL(value);
    return !(url.protocol === "http:" || url.protocol === "https:") || !url.hostname || url.hostname.includes("_");
  } catch {
    return true;
  }
}

export type TwilioFakeMessage = {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
};

export type TwilioFakeRequest = { method: string; path: string; contentType: string | null; authorization: string | null; params: Record<string, string>; status: number; answer: unknown };

export type TwilioFakeOptions = {
  accountSid: string;
  authToken: string;
  /** The account's number (E.164): the only From it accepts. */
  from: string;
  /**
   * How a status callback reaches the product: by default an HTTP POST to
   * the message's StatusCallback; tests hand it to the route handler (the
   * callback URL names the product's public address, which a test does not
   * listen on).
   */
  deliverCallback?: (url: string, init: { method: "POST"; headers: Record<string, string>; body: string }) => Promise<Response>;
};

export class TwilioFake extends LoopbackFake {
  readonly messages: TwilioFakeMessage[] = [];
  readonly requests: TwilioFakeRequest[] = [];
  /** Status callbacks sent: the URL, the parameters, the signature and the product's answer. */
  readonly callbacks: { url: string; params: Record<string, string>; signature: string; status: number }[] = [];
  private readonly optedOut = new Set<string>();
  private injected: TwilioError[] = [];

  constructor(private readonly opts: TwilioFakeOptions) {
    super();
  }

  /** The API's base URL (TWILIO_API_BASE_URL in tests). */
  get url(): string {
    return this.origin;
  }

  /** host:port, for OUTBOUND_ALLOW_HOSTS. */
  get host(): string {
    return new URL(this.url).host;
  }

  /** The Messages resource of the account. */
  get messagesPath(): string {
    return `/2010-04-01/Accounts/${this.opts.accountSid}/Messages.json`;
  }

  /**
   * RULE STOP (21610): a number that replied "STOP" (or another opt-out
   * keyword) to the account's number cannot be sent to from it until it
   * replies "START". https://www.twilio.com/docs/api/errors/21610
   */
  optOut(number: string): void {
    this.optedOut.add(number);
  }

  /** The number replied START. */
  optIn(number: string): void {
    this.optedOut.delete(number);
  }

  /** Test switch: the next authenticated create answers this error (e.g. { status: 500, code: 20500, message }). */
  failNext(error: { status: number; code?: number; message?: string }): void {
    this.injected.push({
      status: error.status,
      code: error.code ?? (error.status === 429 ? 20429 : 20500),
      message: error.message ?? (error.status === 429 ? "Too Many Requests" : "Internal Server Error"),
    });
  }

  /** Creates that reached the Messages resource and were accepted. */
  get accepted(): TwilioFakeRequest[] {
    return this.requests.filter((r) => r.status === 201);
  }

  /**
   * Twilio reports a status change of message `sid` to its StatusCallback:
   * a form-encoded POST of MessageSid, MessageStatus, AccountSid, From, To,
   * ApiVersion, SmsSid, SmsStatus, and ErrorCode when it failed or was
   * undelivered (https://www.twilio.com/docs/messaging/api/message-resource#twilios-request-to-the-statuscallback-url),
   * signed in X-Twilio-Signature: HMAC-SHA1 with the auth token over the URL
   * and the parameters sorted by name, each name followed by its value,
   * base64 (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
   * Returns the product's answer's status.
   */
  async sendStatus(sid: string, status: string, extra: { errorCode?: number; signWith?: string } = {}): Promise<number> {
    const message = this.messages.find((m) => m.sid === sid);
    if (!message) throw new Error(`the Twilio fake has no message ${sid}`);
    if (!message.statusCallback) throw new Error(`message ${sid} was created without a StatusCallback`);
    message.status = status;
    const params: Record<string, string> = {
      AccountSid: this.opts.accountSid,
      ApiVersion: "2010-04-01",
      From: message.from,
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: message.to,
      ...(extra.errorCode ? { ErrorCode: String(extra.errorCode) } : {}),
    };
    const signature = signCallback(extra.signWith ?? this.opts.authToken, message.statusCallback, params);
    const init = {
      method: "POST" as const,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature, "user-agent": "TwilioProxy/1.1" },
      body: new URLSearchParams(params).toString(),
    };
    const res = await (this.opts.deliverCallback ?? ((url, i) => fetch(url, i)))(message.statusCallback, init);
    await res.body?.cancel().catch(() => {});
    this.callbacks.push({ url: message.statusCallback, params, signature, status: res.status });
    return res.status;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { raw, method, path, authorization } = await this.readRequest(req);
    const contentType = req.headers["content-type"] ?? null;
    // RULE form encoding: parameters are read from an application/x-www-form-urlencoded body
    // (https://www.twilio.com/docs/usage/requests-to-twilio); a JSON body carries none, so
    // To is missing: 21604 lists "Your request is not formatted as application/x-www-form-urlencoded".
    const form = contentType?.split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
    const params = form ? Object.fromEntries(new URLSearchParams(raw)) : {};
    const { status, answer } = this.answer(method, path, authorization, params);
    this.requests.push({ method, path, contentType, authorization, params, status, answer });
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }

  private answer(method: string, path: string, authorization: string | null, p: Record<string, string>): { status: number; answer: unknown } {
    const fail = (e: TwilioError) => ({ status: e.status, answer: errorBody(e) });
    if (this.state === "unavailable") return fail(TWILIO_ERRORS.unavailable);
    // RULE authentication (20003): "All requests to sensitive areas of the Twilio API must use
    // HTTP Basic Authentication ... your Account SID as the username, and your Auth Token as
    // the password"; else 401. https://www.twilio.com/docs/api/errors/20003
    const account = basicAccount(authorization, this.opts.accountSid, this.opts.authToken);
    if (!account) return fail(TWILIO_ERRORS.authenticate);
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!m || method !== "POST") return fail({ ...TWILIO_ERRORS.notFound, message: `The requested resource ${path} was not found (the fake models POST .../Messages.json only)` });
    // RULE account in the path (20003): the credentials must be those of the account the URL
    // names; "Using subaccount credentials to access master account" and "Verify the correct
    // Account is being accessed" are listed causes of 20003. https://www.twilio.com/docs/api/errors/20003
    if (decodeURIComponent(m[1]!) !== account) return fail(TWILIO_ERRORS.authenticate);
    // RULE required To (21604). https://www.twilio.com/docs/api/errors/21604
    if (!p.To) return fail(TWILIO_ERRORS.toRequired);
    // RULE required sender (21603): "A 'From' or 'MessagingServiceSid' parameter is required to send a message". https://www.twilio.com/docs/api/errors/21603
    if (!p.From && !p.MessagingServiceSid) return fail(TWILIO_ERRORS.fromRequired);
    // RULE required content (21602): "The Body OR MediaURL parameter is required". https://www.twilio.com/docs/api/errors/21602
    if (!p.Body && !p.MediaUrl) return fail(TWILIO_ERRORS.bodyRequired);
    // RULE E.164 To (21211), see E164.
    if (!E164.test(p.To)) return fail({ ...TWILIO_ERRORS.invalidTo, message: `The 'To' number ${p.To} is not a valid phone number.` });
    // RULE From of the account (21606): "You can only send SMS messages from a phone number ...
    // provided by or ported to Twilio"; a listed cause: "The number you are using does not belong
    // to the account whose credentials are present in the API request". https://www.twilio.com/docs/api/errors/21606
    // (The fake's account has one number and no Messaging Service.)
    if (p.MessagingServiceSid || p.From !== this.opts.from) return fail(TWILIO_ERRORS.invalidFrom);
    // RULE body length (21617), see MAX_BODY_CHARACTERS.
    if (p.Body && [...p.Body].length > MAX_BODY_CHARACTERS) return fail(TWILIO_ERRORS.bodyTooLong);
    // RULE StatusCallback (21609), see statusCallbackProblem.
    if (p.StatusCallback !== undefined && statusCallbackProblem(p.StatusCallback)) return fail(TWILIO_ERRORS.invalidStatusCallback);
    // RULE STOP (21610), see optOut().
    if (this.optedOut.has(p.To)) return fail(TWILIO_ERRORS.unsubscribed);
    const injected = this.injected.shift();
    if (injected) return fail(injected);
    return { status: 201, answer: this.create(p) };
  }

  /** The Message resource as created (https://www.twilio.com/docs/messaging/api/message-resource, "Message Properties"). */
  private create(p: Record<string, string>) {
    const message: TwilioFakeMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to: p.To!,
      from: p.From!,
      body: p.Body ?? "",
      statusCallback: p.StatusCallback ?? null,
      // A message created without a Messaging Service starts "queued"; no callback is sent for
      // the initial status. https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks
      status: "queued",
      dateCreated: new Date(),
    };
    this.messages.push(message);
    const date = message.dateCreated.toUTCString().replace("GMT", "+0000");
    return {
      account_sid: this.opts.accountSid,
      api_version: "2010-04-01",
      body: message.body,
      date_created: date,
      date_sent: null,
      date_updated: date,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: String(segments(message.body)),
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: `/2010-04-01/Accounts/${this.opts.accountSid}/Messages/${message.sid}/Media.json` },
      to: message.to,
      uri: `/2010-04-01/Accounts/${this.opts.accountSid}/Messages/${message.sid}.json`,
    };
  }
}

/** The Account SID of valid Basic credentials, else null. */
function basicAccount(header: string | null, accountSid: string, authToken: string): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  return user === accountSid && password === authToken ? user : null;
}

/** Segments of an SMS: 160 GSM-7 characters (153 when concatenated), or 70 UCS-2 (67). */
function segments(body: string): number {
  const gsm = /^[\n\r !"#$%&'()*+,\-./0-9:;<=>?@A-Z_a-z£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉÄÖÑÜ§¿äöñüà]*$/.test(body);
  const n = [...body].length;
  const [one, many] = gsm ? [160, 153] : [70, 67];
  return n <= one ? 1 : Math.ceil(n / many);
}

/**
 * The fake's own implementation of Twilio's signature (kept apart from the
 * product's, so one mistake cannot make both agree): the URL, then each
 * parameter name and value sorted by name, HMAC-SHA1 with the auth token,
 * base64. https://www.twilio.com/docs/usage/webhooks/webhooks-security
 */
export function signCallback(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf8")).digest("base64");
}

/** The tests' Twilio account, in Twilio's formats (AC and 32 hex digits; a 32-hex-digit auth token; an E.164 number). */
export const TEST_TWILIO_ACCOUNT = { accountSid: "AC0123456789abcdef0123456789abcdef", authToken: "0123456789abcdef0123456789abcdef", from: "+12125550100" } as const;

const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_BASE_URL", "OUTBOUND_ALLOW_HOSTS"] as const;

/**
 * Points the app's TWILIO_* settings at `fake` with the test account (its
 * host allowed for outbound requests; `authToken` to set another token), or,
 * with null, removes them (SMS off).
 */
export function setTwilioSettings(fake: TwilioFake | null, over: { authToken?: string } = {}): void {
  if (fake) {
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: TEST_TWILIO_ACCOUNT.accountSid,
      TWILIO_AUTH_TOKEN: over.authToken ?? TEST_TWILIO_ACCOUNT.authToken,
      TWILIO_FROM_NUMBER: TEST_TWILIO_ACCOUNT.from,
      TWILIO_API_BASE_URL: fake.url,
      OUTBOUND_ALLOW_HOSTS: fake.host,
    });
  } else {
    for (const key of TWILIO_SETTINGS) delete process.env[key];
  }
  resetConfigForTests();
}

/** Starts a fake for the account `accountSid` with the number `from`. */
export function startTwilioFake(opts: TwilioFakeOptions): Promise<TwilioFake> {
  return new TwilioFake(opts).start();
}
