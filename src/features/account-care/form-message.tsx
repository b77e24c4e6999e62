/** A form's outcome, announced to screen readers: a problem (alert) or a confirmation (status). */
export function FormMessage({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      {outcome.text}
    </p>
  ) : (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {outcome.text}
    </p>
  );
}
