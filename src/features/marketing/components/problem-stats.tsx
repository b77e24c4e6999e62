/** One figure about missed calls: a large red number over its explanation. */
function ProblemStat({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
      <p className="text-4xl font-bold text-red-700">{value}</p>
      <p className="mt-2 text-slate-700">{label}</p>
    </div>
  );
}

/** The home page's 'missed calls' figures, two to a row. */
export function ProblemStats({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 sm:grid-cols-2">
      {stats.map((s) => (
        <ProblemStat key={s.value} value={s.value} label={s.label} />
      ))}
    </div>
  );
}
