"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, ApiError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Input, Label, Options, Select, Textarea } from "@/lib/ui/input";
import { BLACKLIST_WORDS, CONTACT_ERRORS, FIELD_LABELS, INQUIRY_SUBJECTS, type ContactErrorCode } from "./texts";

type Props = {
  /** Where the form posts: the built-in /api/contact or CONTACT_FORM_ACTION. */
  action: string;
  external: boolean;
  /** Absolute URL of /contact-thank-you (the external service redirects there). */
  thankYouUrl: string;
  /** From /contact?error=...&fields=... after a no-JavaScript post failed. */
  initialError?: ContactErrorCode;
  initialFields?: string[];
};

/**
 * A plain HTML form that works without JavaScript (it posts and the server
 * answers with a redirect). With JavaScript and the built-in handler it posts
 * in the background, so an error keeps what the visitor typed.
 */
/** The optional fields, in form order. */
const OPTIONAL_FIELDS = [
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: 40 },
  { name: "company", label: "Company", autoComplete: "organization", maxLength: 200 },
  { name: "website", label: "Website", inputMode: "url", autoComplete: "url", maxLength: 500 },
] as const;

export function ContactForm({ action, external, thankYouUrl, initialError, initialFields = [] }: Props) {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ? CONTACT_ERRORS[initialError] : null);
  const [badFields, setBadFields] = useState<string[]>(initialFields);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    if (external) {
      setSending(true);
      return; // the browser posts to the external form service
    }
    e.preventDefault();
    setSending(true);
    setError(null);
    setBadFields([]);
    try {
      const body = Object.fromEntries(new FormData(e.currentTarget).entries());
      await api.post(action, body);
      router.push("/contact-thank-you");
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 && err.bodyMessage ? err.bodyMessage : CONTACT_ERRORS.failed);
      setSending(false);
    }
  }

  const invalid = (name: string) => (badFields.includes(name) ? { "aria-invalid": true as const, "aria-describedby": "contact-error" } : {});

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="grid gap-5" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-2xl font-semibold text-slate-950">
        Send us a message
      </h2>
      {error ? (
        <div id="contact-error" role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
          {badFields.length ? <span className="block">Check: {badFields.map((f) => FIELD_LABELS[f] ?? f).join(", ")}.</span> : null}
        </div>
      ) : null}

      {/* Fields the external form service reads; the built-in handler reads _honey. */}
      <input type="hidden" name="_subject" value="New contact form submission" />
      <input type="hidden" name="_next" value={thankYouUrl} />
      <input type="hidden" name="_captcha" value="false" />
      <input type="hidden" name="_blacklist" value={BLACKLIST_WORDS.join(", ")} />
      <div className="hidden" aria-hidden="true">
        <label htmlFor="contact-honey">Leave this field empty</label>
        <input id="contact-honey" type="text" name="_honey" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="contact-first-name">First name</Label>
          <Input id="contact-first-name" name="first_name" autoComplete="given-name" required maxLength={100} {...invalid("first_name")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="contact-last-name">Last name</Label>
          <Input id="contact-last-name" name="last_name" autoComplete="family-name" required maxLength={100} {...invalid("last_name")} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="contact-email">Email</Label>
          <Input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={320} {...invalid("email")} />
        </div>
        {OPTIONAL_FIELDS.map(({ name, label, ...input }) => (
          <div key={name} className="grid gap-1.5">
            <Label htmlFor={`contact-${name}`}>
              {label} <span className="font-normal text-slate-600">(optional)</span>
            </Label>
            <Input id={`contact-${name}`} name={name} {...input} {...invalid(name)} />
          </div>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="contact-subject">Subject</Label>
        <Select id="contact-subject" name="inquiry_subject" required defaultValue="" {...invalid("inquiry_subject")}>
          <option value="" disabled>
            Choose a subject
          </option>
          <Options options={INQUIRY_SUBJECTS} />
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" name="message" rows={6} required maxLength={5000} {...invalid("message")} />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
