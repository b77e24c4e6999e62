import { route } from "@/features/auth/route.server";
import { clientIp } from "@/lib/http/client-ip";
import { HttpError, errorResponse } from "@/lib/http/errors";
import { blockedWords, contactSchema, invalidFields } from "@/features/contact/schema";
import type { ContactErrorCode } from "@/features/contact/texts";
import { storeContactMessage } from "@/features/contact/contact.server";

const THANK_YOU = "/contact-thank-you";

/** 303 with a relative Location, so it is right behind any proxy. */
function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}

/**
 * POST /api/contact: the built-in contact form handler. A plain HTML form
 * post (form-encoded or multipart) gets 303 redirects: to /contact-thank-you
 * on success, back to /contact?error=<code> otherwise. A JSON post gets
 * JSON: 201 { message } or 400/429 { message }. A filled honeypot is
 * answered like a success and nothing is stored.
 */
export const POST = route({ access: "public" }, async ({ req, log }) => {
  const type = req.headers.get("content-type") ?? "";
  const isForm = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");

  let raw: Record<string, unknown>;
  try {
    raw = isForm ? Object.fromEntries((await req.formData()).entries()) : (JSON.parse((await req.text()) || "{}") as Record<string, unknown>);
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error("not an object");
  } catch {
    return isForm ? seeOther("/contact?error=invalid") : errorResponse(400, "Request body must be a JSON object or a form post");
  }

  const fail = (code: ContactErrorCode, status: number, message: string, fields?: string[]) =>
    isForm ? seeOther(`/contact?error=${code}${fields?.length ? `&fields=${encodeURIComponent(fields.join(","))}` : ""}`) : errorResponse(status, message);

  // Honeypot: bots fill every field. Answer as if it worked, store nothing.
  if (typeof raw._honey === "string" && raw._honey.trim() !== "") {
    log.info("contact honeypot filled; dropped");
    return isForm ? seeOther(THANK_YOU) : Response.json({ message: "Message received" }, { status: 201 });
  }

  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues.map((i) => i.message).join("; ");
    return fail("invalid", 400, message, invalidFields(parsed.error));
  }
  const input = parsed.data;
  const blocked = blockedWords(input.first_name, input.last_name, input.company, input.website, input.inquiry_subject, input.message);
  if (blocked.length) {
    return fail("blocked", 400, `Your message contains blocked words (${blocked.join(", ")}). Please rephrase it and try again.`);
  }

  try {
    const { id } = await storeContactMessage(input, clientIp(req));
    log.info({ contactMessageId: id }, "contact message stored");
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return fail("rate_limited", 429, err.message);
    throw err;
  }
  return isForm ? seeOther(THANK_YOU) : Response.json({ message: "Message received" }, { status: 201 });
});
