import { z } from "@/lib/zod";

/**
 * The AI-ready order payload (spec 3, 5, 7): one schema for the admin form
 * and for POST/PATCH /api/admin/ai-ready-orders.
 */
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields: AI Employee Name, Phone Number, Customer Email, and Web Chat URL.";
export const INVALID_EMAIL = { title: "Invalid Email", description: "Please enter a valid email address." } as const;
export const INVALID_EMAIL_MESSAGE = `${INVALID_EMAIL.title}: ${INVALID_EMAIL.description}`;
export const INVALID_PHONE_MESSAGE = "Invalid Phone Number: Use digits, spaces, +, -, ( ) and dots only.";
export const INVALID_CHAT_URL_MESSAGE = "Invalid Web Chat URL: Please enter a web address such as https://chat.example.com.";
export const INVALID_AVATAR_MESSAGE = "Invalid Avatar: Upload the avatar with the upload button.";

/** The spec's simple pattern: something, an @, something, a dot, something. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9().\-\s]{3,30}$/;

/** Adds https:// to a bare domain; only http(s) addresses are accepted (no javascript: links on the billing page). */
export function normalizeWebChatUrl(value: string): string | null {
  const v = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** Avatars are stored by our upload flow: a stable /api/objects/ path, or an http(s) URL of the bucket. */
export function isAvatarUrl(value: string): boolean {
  if (/^\/api\/objects\/avatars\/[A-Za-z0-9._-]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const requiredText = (max: number, label: string) =>
  z
    .string({ message: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, { message: REQUIRED_FIELDS_MESSAGE })
    .max(max, { message: `${label} must be at most ${max} characters.` });

export const orderInputSchema = z.object({
  aiEmployeeName: requiredText(80, "AI Employee Name"),
  aiPhoneNumber: requiredText(30, "Phone Number").regex(PHONE_PATTERN, { message: INVALID_PHONE_MESSAGE }),
  customerEmail: requiredText(254, "Customer Email")
    .regex(EMAIL_PATTERN, { message: INVALID_EMAIL_MESSAGE })
    .transform((v) => v.toLowerCase()),
  webChatUrl: requiredText(2048, "Web Chat URL")
    .refine((v) => normalizeWebChatUrl(v) !== null, { message: INVALID_CHAT_URL_MESSAGE })
    .transform((v) => normalizeWebChatUrl(v)!),
  aiAvatarUrl: z
    .string()
    .trim()
    .max(2048)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isAvatarUrl(v), { message: INVALID_AVATAR_MESSAGE }),
});

export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderData = z.output<typeof orderInputSchema>;

/**
 * The one message to show for an invalid order: missing required fields win
 * (spec 5), then the first other problem. Titles/descriptions split on ': '.
 */
export function orderProblem(error: z.ZodError): { title: string; description: string; message: string } {
  return problemFromMessages(error.issues.map((i) => i.message));
}

/** Same as orderProblem, from a list of field messages (react-hook-form errors). */
export function problemFromMessages(messages: string[]): { title: string; description: string; message: string } {
  const message = messages.includes(REQUIRED_FIELDS_MESSAGE) ? REQUIRED_FIELDS_MESSAGE : (messages[0] ?? REQUIRED_FIELDS_MESSAGE);
  if (message === REQUIRED_FIELDS_MESSAGE) return { title: "Missing Information", description: message, message };
  const idx = message.indexOf(": ");
  if (idx > 0) return { title: message.slice(0, idx), description: message.slice(idx + 2), message };
  return { title: "Error", description: message, message };
}

/** The order as the admin API returns it (dates ISO). */
export type AdminOrderView = {
  id: string;
  aiEmployeeName: string;
  aiAvatarUrl: string | null;
  aiPhoneNumber: string;
  customerEmail: string;
  webChatUrl: string;
  status: "pending" | "claimed" | "active";
  subscriptionId: string | null;
  createdAt: string;
  updatedAt: string;
};
