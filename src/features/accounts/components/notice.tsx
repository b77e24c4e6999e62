/** A message after an action: a status when it worked, an alert when it did not. Kept inside a live region so it is read out. */
export type NoticeValue = { kind: "ok" | "error"; text: string } | null;

export function Notice({ notice, className = "" }: { notice: NoticeValue; className?: string }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={`${className} rounded-md border px-3 py-2 text-sm ${notice.kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
