import Link from "next/link";

// Placeholder home; the public-site issue replaces it with the full page.
export default function Home() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">AI employees that answer every call</h1>
      <Link href="/hire-ai-employee" className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white">
        BOOK A DEMO
      </Link>
    </section>
  );
}
