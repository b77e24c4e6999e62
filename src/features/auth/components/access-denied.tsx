import { ShieldAlert } from "lucide-react";

export function AccessDenied() {
  return (
    <section className="mx-auto max-w-lg px-4 py-24">
      <div className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
        <ShieldAlert className="mx-auto size-10 text-red-700" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-red-900">Access Denied</h1>
        <p className="mt-2 text-red-900">You need admin privileges to view this page.</p>
      </div>
    </section>
  );
}
