export type TeamMember = { name: string; role: string; bio: string };

/** Up to two initials: 'Daniel Okafor' -> 'DO'. */
function initials(name: string) {
  return name
    .split(" ")
    .map((p) => p[0])
    .join("")
    .slice(0, 2);
}

/** The about page's team: an initials avatar, name, role and short bio per person. */
export function TeamGrid({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
      {members.map((m) => (
        <li key={m.name} className="rounded-xl border border-slate-200 p-6 text-center">
          <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800" aria-hidden>
            {initials(m.name)}
          </span>
          <h3 className="mt-4 font-semibold text-slate-950">{m.name}</h3>
          <p className="text-sm font-medium text-brand-800">{m.role}</p>
          <p className="mt-2 text-sm text-slate-700">{m.bio}</p>
        </li>
      ))}
    </ul>
  );
}
