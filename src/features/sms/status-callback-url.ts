/** The path of Twilio's status callback route (app/api/v1/webhooks/twilio/route.ts). */
export const TWILIO_STATUS_CALLBACK_PATH = "/api/v1/webhooks/twilio";

/** The URL Twilio POSTs status changes to, and signs: PUBLIC_BASE_URL and the path. */
export function twilioStatusCallbackUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${TWILIO_STATUS_CALLBACK_PATH}`;
}
