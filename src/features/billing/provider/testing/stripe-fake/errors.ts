/** An API error the fake answers with: `{error: {type, code, message, param}}` and its HTTP status. */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; decline_code?: string; message: string; param?: string; [more: string]: unknown },
  ) {
    super(error.message);
  }
}

/** 404 resource_missing, worded as Stripe words it: "No such customer: 'cus_x'". */
export function missing(kind: string, id: string, param = "id"): FakeError {
  return new FakeError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });
}

export function invalid(message: string, param?: string, code?: string): FakeError {
  return new FakeError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

/** A declined card: 402 card_error card_declined (https://docs.stripe.com/declines/codes). */
export function declined(declineCode = "generic_decline"): FakeError {
  return new FakeError(402, { type: "card_error", code: "card_declined", decline_code: declineCode, message: "Your card was declined." });
}
