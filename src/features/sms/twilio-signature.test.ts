import { describe, expect, it } from "vitest";
import { twilioSignature, verifyTwilioSignature } from "./twilio-signature";

/**
 * Twilio's own example, the one its helper libraries test their validators
 * with (twilio-php tests/Twilio/Unit/Security/RequestValidatorTest.php,
 * twilio-csharp RequestValidatorTest): auth token "12345", this URL and
 * these parameters sign to this value.
 */
const TOKEN = "12345";
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS: [string, string][] = [
  ["CallSid", "CA1234567890ABCDE"],
  ["From", "+14158675309"],
  ["Digits", "1234"],
  ["To", "+18005551212"],
  ["Caller", "+14158675309"],
];
const SIGNATURE = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

describe("Twilio's request signature", () => {
  it("reproduces Twilio's documented example, whatever order the parameters come in", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    expect(twilioSignature(TOKEN, URL, [...PARAMS].reverse())).toBe(SIGNATURE);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE)).toBe(true);
  });

  it("fails when the token, the URL, a name or a value differs, or the header is missing", () => {
    expect(verifyTwilioSignature("54321", URL, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, `${URL}&baz=3`, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL.replace("https:", "http:"), PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, [...PARAMS.slice(1), ["CallSid", "CA1234567890ABCDF"]], SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, [...PARAMS, ["ErrorCode", ""]], SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, null)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, "not-a-signature")).toBe(false);
  });
});
