"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { ApiError } from "@/lib/api-client";
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
/**
 * The API client (and the query library that comes with it) loads when the
 * visitor first focuses a field or sends, not with the page: most readers of
 * /contact never type in it (issue 27, JavaScript per page).
 */
const loadApi = () => import("@/lib/api-client");

/** The design system's field, label and large button classes, written out: its class-merging helper would add 9 KB to the page. */
const FIELD =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const LINE = `${FIELD} h-10`;
const LABEL = "text-sm font-medium text-slate-800";
const SEND =
  "inline-flex h-11 items-center justify-center gap-2 justify-self-start whitespace-nowrap rounded-md bg-brand-700 px-6 text-base font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60";

/** The one-line fields, in form order (ids contact-<name with dashes>). */
const TEXT_FIELDS = [
  { name: "first_name", label: "First name", autoComplete: "given-name", required: true, maxLength: 100 },
  { name: "last_name", label: "Last name", autoComplete: "family-name", required: true, maxLength: 100 },
  { name: "email", label: "Email", type: "email", autoComplete: "email", required: true, maxLength: 320 },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: 40 },
  { name: "company", label: "Company", autoComplete: "organization", maxLength: 200 },
  { name: "website", label: "Website", inputMode: "url", autoComplete: "url", maxLength: 500 },
] as const;

/** A labelled field in its own block; an optional one says so after its label. */
function Field({ id, label, optional = false, children }: { id: string; label: string; optional?: boolean; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label className={LABEL} htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {children}
    </div>
  );
}

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
    const body = Object.fromEntries(new FormData(e.currentTarget).entries());
    try {
      const { api } = await loadApi();
      await api.post(action, body);
      router.push("/contact-thank-you");
    } catch (err) {
      const refused = err instanceof Error && err.name === "ApiError" ? (err as ApiError) : null;
      setError(refused && refused.status < 500 && refused.bodyMessage ? refused.bodyMessage : CONTACT_ERRORS.failed);
      setSending(false);
    }
  }

  const invalid = (name: string) => (badFields.includes(name) ? { "aria-invalid": true as const, "aria-describedby": "contact-error" } : {});

  return (
    <form method="post" action={action} onSubmit={onSubmit} onFocus={() => void loadApi()} className="grid gap-5" aria-labelledby="contact-form-title">
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
        {TEXT_FIELDS.map(({ name, label, ...input }) => {
          const id = `contact-${name.replace("_", "-")}`;
          return (
            <Field key={name} id={id} label={label} optional={!("required" in input)}>
              <input className={LINE} id={id} name={name} {...input} {...invalid(name)} />
            </Field>
          );
        })}
      </div>
      <Field id="contact-subject" label="Subject">
        <select className={LINE} id="contact-subject" name="inquiry_subject" required defaultValue="" {...invalid("inquiry_subject")}>
          <option value="" disabled>
            Choose a subject
          </option>
          {/* Without a value attribute an option's value is its text. */}
          {INQUIRY_SUBJECTS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Field>
      <Field id="contact-message" label="Message">
        <textarea className={FIELD} id="contact-message" name="message" rows={6} required maxLength={5000} {...invalid("message")} />
      </Field>
      <button type="submit" disabled={sending} className={SEND}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
