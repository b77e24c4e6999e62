/** A docs page: its title and lead, a table of contents beside the text (above it on a phone); anchors land below the sticky header. */

export type TocEntry = { href: string; label: string; children?: readonly TocEntry[] };

function TocList({ entries, nested = false }: { entries: readonly TocEntry[]; nested?: boolean }) {
  return (
    <ul className={nested ? "mt-1 space-y-1 border-l border-slate-200 pl-3" : "space-y-2"}>
      {entries.map((e) => (
        <li key={e.href}>
          <a href={e.href} className="text-sm text-slate-800 underline-offset-2 hover:text-brand-800 hover:underline [overflow-wrap:anywhere]">
            {e.label}
          </a>
          {e.children?.length ? <TocList entries={e.children} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

export function DocsLayout({ title, lead, toc, children }: { title: string; lead: React.ReactNode; toc: readonly TocEntry[]; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 [&_[id]]:scroll-mt-24">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Developers</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-950">{title}</h1>
        <div className="mt-4 text-lg text-slate-700">{lead}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">On this page</h2>
          <div className="mt-3">
            <TocList entries={toc} />
          </div>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}
