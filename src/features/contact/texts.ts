/**
 * The contact form's fixed texts and lists, without the validation library:
 * the form in the browser needs these, the validation runs on the server
 * (schema.ts), so /contact ships no schema code (issue 27).
 */

/** Spec 5: words that get a contact message rejected. */
export const BLACKLIST_WORDS = ["viagra", "cialis", "porn", "adult", "casino", "gambling", "loan", "debt", "crypto", "bitcoin"] as const;

export const INQUIRY_SUBJECTS = ["General question", "Sales and pricing", "Book a demo", "Custom AI bot", "Technical support", "Billing", "Partnership"] as const;

/** Fixed texts for the error codes /contact?error=... shows (codes, so a link cannot put arbitrary text on the page). */
export const CONTACT_ERRORS = {
  invalid: "Please check the highlighted fields and try again.",
  blocked: "Your message contains words our spam filter blocks. Please rephrase it and try again.",
  rate_limited: "Too many messages from your network. Please wait a few minutes and try again.",
  failed: "Something went wrong. Please try again.",
} as const;
export type ContactErrorCode = keyof typeof CONTACT_ERRORS;

export const FIELD_LABELS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  company: "Company",
  phone: "Phone",
  website: "Website",
  inquiry_subject: "Subject",
  message: "Message",
};
