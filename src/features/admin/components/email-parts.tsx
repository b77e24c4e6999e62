import { previewDocument } from "@/features/admin/email-preview-document";
import { EmailPreviewFrame } from "./email-preview-frame";

/**
 * Both parts of an e-mail: the HTML in a sandboxed frame, then the text
 * version. The labels are h2 headings on a page about one message; where the
 * page gives each message its own h2, they are plain labels (the message's
 * own h1 inside the frame counts in the page's outline, so an h3 after it
 * would skip a level).
 */
export function EmailParts({ subject, html, text, labels = "headings" }: { subject: string; html: string; text: string; labels?: "headings" | "plain" }) {
  const Label = labels === "headings" ? "h2" : "p";
  return (
    <>
      <Label className="mt-8 text-lg font-semibold">HTML version</Label>
      <EmailPreviewFrame title={`HTML version of ${subject}`} srcDoc={previewDocument(html)} />
      <Label className="mt-8 text-lg font-semibold">Text version</Label>
      <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900" data-testid="email-text">
        {text}
      </pre>
    </>
  );
}
