import { TableHead } from "@/lib/ui/column-headers";

/** A table that scrolls sideways on a narrow screen (and can take the keyboard's focus to do so). */
export function ScrollTable({ caption, children, head }: { caption: string; head: readonly string[]; children: React.ReactNode }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="group" aria-label={caption}>
      <table className={`w-full border-collapse text-left text-sm ${head.length > 3 ? "min-w-[36rem]" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={head.map((h) => [h, "px-3 py-2 font-semibold"])} className="bg-slate-50 text-slate-900" />
        <tbody className="divide-y divide-slate-200 align-top text-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
