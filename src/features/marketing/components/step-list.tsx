import { cn } from "@/lib/ui/cn";

const NUMBER_SIZE = { 8: "size-8", 9: "size-9" } as const;

export type Step = { title: string; body: string };

/**
 * Numbered steps in three columns. `heading`: the level of each step's title;
 * `tinted`: white cards on a grey band; `className`: the list's extra classes.
 */
export function StepList({
  steps,
  heading: Heading = "h3",
  numberSize = 9,
  tinted = false,
  className,
}: {
  steps: readonly Step[];
  heading?: "h2" | "h3";
  numberSize?: keyof typeof NUMBER_SIZE;
  tinted?: boolean;
  className?: string;
}) {
  return (
    <ol className={cn("grid gap-6 md:grid-cols-3", className)}>
      {steps.map((s, i) => (
        <li key={s.title} className={cn("rounded-xl border border-slate-200", tinted && "bg-white", "p-6")}>
          <span className={cn("inline-flex", NUMBER_SIZE[numberSize], "items-center justify-center rounded-full bg-brand-700 font-bold text-white")} aria-hidden>
            {i + 1}
          </span>
          <Heading className="mt-3 text-lg font-semibold text-slate-950">{s.title}</Heading>
          <p className="mt-2 text-slate-700">{s.body}</p>
        </li>
      ))}
    </ol>
  );
}
