import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { HttpError, badRequest, notFound, zodMessage } from "@/lib/http/errors";
import { applyTwilioStatus, twilioStatusSchema } from "@/features/sms/status-callback.server";
import { twilioStatusCallbackUrl } from "@/features/sms/status-callback-url";
import { verifyTwilioSignature } from "@/features/sms/twilio-signature";

const BAD_SIGNATURE = "Invalid or missing X-Twilio-Signature";

/**
 * POST /api/v1/webhooks/twilio (issue 25): Twilio's status callback for the
 * SMS the product sends (the StatusCallback of each message, twilio.server.ts).
 * A form-encoded POST signed with the account's auth token in
 * `X-Twilio-Signature` over the URL Twilio was given
 * (`${PUBLIC_BASE_URL}/api/v1/webhooks/twilio`) and the sorted parameters
 * (https://www.twilio.com/docs/usage/webhooks/webhooks-security); a missing
 * or wrong signature answers 403, as Twilio's helper libraries do. The
 * message's Twilio status is stored by its MessageSid; ErrorCode 21610 (the
 * recipient replied STOP) opts the number out. Idempotent; an unknown sid
 * answers 200 and changes nothing, so Twilio does not retry it. Without
 * TWILIO_* the endpoint does not exist (404). A machine caller: no
 * same-origin check.
 */
export const POST = route(
  {
    access: "public",
    allowCrossOrigin: true,
    maxBodyBytes: 64 * 1024,
    beforeBody: async (req) => {
      const token = config().TWILIO_AUTH_TOKEN;
      if (!config().smsEnabled || !token) throw notFound();
      if (!req.headers.get("x-twilio-signature")) throw new HttpError(403, BAD_SIGNATURE);
      return token;
    },
  },
  async ({ req, pre: authToken, log }) => {
    const params = [...new URLSearchParams(await req.text())];
    const url = twilioStatusCallbackUrl(config().baseUrl);
    if (!verifyTwilioSignature(authToken, url, params, req.headers.get("x-twilio-signature"))) {
      log.warn({ url }, "Twilio status callback refused: the signature does not match");
      throw new HttpError(403, BAD_SIGNATURE);
    }
    const parsed = twilioStatusSchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const outcome = await applyTwilioStatus(parsed.data);
    return Response.json({ status: outcome });
  },
);
