"use client";
import { useEffect } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { hasStatus } from "@/lib/api-client";
import { formatPhone } from "@/lib/phone-format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { Spinner } from "@/lib/ui/spinner";

export type AiEmployeesResponse = { aiEmployees: { id: string; name: string; phoneNumber: string; status: string }[] };

const settingsHref = (id: string) => `/ai-employees/${encodeURIComponent(id)}/settings`;

/** /ai-employees: the account's AI employees, each with a link to its settings; with exactly one, its settings at once. */
export function AiEmployeesList() {
  const router = useRouter();
  const list = useQuery<AiEmployeesResponse>({ queryKey: ["/api/ai-employees"], meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/ai-employees" } } });
  const only = list.data?.aiEmployees.length === 1 ? list.data.aiEmployees[0]! : null;
  useEffect(() => {
    if (only) router.replace(settingsHref(only.id));
  }, [only, router]);

  if (list.isPending || only || (list.isError && hasStatus(list.error, 401))) {
    return (
      <p className="mt-6 flex items-center gap-2 text-slate-700">
        <Spinner label={only ? `Opening the settings of ${only.name}` : "Loading AI employees"} /> {only ? `Opening the settings of ${only.name}...` : "Loading AI employees..."}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="mt-6 text-slate-800">
        <p>Your AI employees could not be loaded.</p>
        <Button className="mt-3" variant="outline" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (list.data.aiEmployees.length === 0) {
    return <p className="mt-6 text-slate-700">No AI employees yet. Once our team has set one up for your business and it has a subscription, its settings are here.</p>;
  }
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="AI employees">
      {list.data.aiEmployees.map((e) => (
        <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-lg font-semibold text-slate-900">{e.name}</p>
          <p className="text-sm text-slate-700">{formatPhone(e.phoneNumber, "US")}</p>
          <Link href={settingsHref(e.id)} className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Settings for {e.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
