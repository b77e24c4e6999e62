import Link from "next/link";

const linkClass = "text-brand-700 underline-offset-4 hover:underline";

/**
 * An admin page below /admin: the link back (to the dashboard unless `back`
 * says otherwise), the heading when there is a `title`, the `intro` paragraph,
 * then the page.
 */
export function AdminSubPage({
  title,
  intro,
  back = { href: "/admin", label: "Admin Dashboard" },
  children,
}: {
  title?: string;
  intro?: React.ReactNode;
  back?: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link href={back.href} className={linkClass}>
          {`← ${back.label}`}
        </Link>
      </p>
      {title ? <h1 className="mt-2 text-3xl font-bold">{title}</h1> : null}
      {intro ? <p className="mt-1 max-w-3xl text-slate-700">{intro}</p> : null}
      {children}
    </section>
  );
}

/** An admin tool page: the heading and its intro, "Back to Admin Dashboard" beside them, then the page. */
export function AdminToolPage({ title, intro, children }: { title: string; intro: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          <p className="mt-1 text-slate-700">{intro}</p>
        </div>
        <Link className={`text-sm font-medium ${linkClass}`} href="/admin">
          Back to Admin Dashboard
        </Link>
      </div>
      {children}
    </section>
  );
}
