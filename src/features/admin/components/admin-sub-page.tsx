import Link from "next/link";

/** An admin page below /admin: the link back to the dashboard, the heading, then the page. */
export function AdminSubPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link href="/admin" className="text-brand-700 underline-offset-4 hover:underline">
          ← Admin Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
