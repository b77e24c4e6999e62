import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: { absolute: "404 Page Not Found" }, robots: { index: false } };

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className="mt-8 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Back to home
      </Link>
    </section>
  );
}
