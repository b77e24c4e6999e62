import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { ContactMessage, contactMessageSubject } from "@/features/email/templates/contact-message";
import type { ContactInput } from "./schema";

/** The team's copy of a contact form message: the fields the visitor filled in, then the message. */
export async function contactEmail(input: ContactInput, to: string): Promise<OutgoingEmail> {
  const fields: Array<[string, string | null]> = [
    ["Name", `${input.first_name} ${input.last_name}`],
    ["Email", input.email],
    ["Company", input.company],
    ["Phone", input.phone],
    ["Website", input.website],
    ["Subject", input.inquiry_subject],
  ];
  const filled = fields.filter((f): f is [string, string] => Boolean(f[1]));
  const parts = await renderEmail(<ContactMessage fields={filled} message={input.message} />);
  return { to, subject: contactMessageSubject(input.inquiry_subject), kind: "contact_message", ...parts };
}
