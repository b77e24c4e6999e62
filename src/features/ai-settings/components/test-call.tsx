"use client";
import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PhoneCall, X } from "lucide-react";
import { api, errorMessage } from "@/lib/api-client";
import { formatPhone, phoneHref } from "@/lib/phone-format";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { LoadFailed } from "@/lib/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Input, Label } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import { MAX_TESTERS, testerNumberSchema, type TesterNumberInput, type TesterNumberOutput } from "../test-forms.schema";
import type { TesterNumbersResponse } from "../settings-response";

const TESTERS_KEY = ["/api/account/tester-numbers"] as const;

/**
 * "Test call": the AI employee's number with "Call it now" (tel:), and in the
 * portal the account's tester numbers, whose calls are tagged test and free.
 */
export function TestCall({ phoneNumber, testers, canEdit }: { phoneNumber: string; testers: boolean; canEdit: boolean }) {
  const id = useId();
  const href = phoneHref(phoneNumber, "US");
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-title`}>
            Test call
          </CardTitle>
          <CardDescription>Call your AI employee to hear the live settings.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-lg font-semibold text-slate-900">{formatPhone(phoneNumber, "US")}</span>
            {href ? (
              <Button asChild size="sm">
                <a href={href}>
                  <PhoneCall aria-hidden />
                  Call it now
                </a>
              </Button>
            ) : null}
          </div>
          {testers ? <TesterNumbers canEdit={canEdit} /> : null}
        </CardContent>
      </section>
    </Card>
  );
}

function TesterNumbers({ canEdit }: { canEdit: boolean }) {
  const query = useQuery<TesterNumbersResponse>({ queryKey: TESTERS_KEY, meta: { unauthorized: LOGGED_OUT } });
  if (query.isPending) return <p className="text-sm text-slate-700">Loading tester numbers...</p>;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()}>The tester numbers could not be loaded.</LoadFailed>;
  // Keyed by the saved list: a save (or a reload) starts the editor from what the server has.
  return <TesterNumbersEditor key={query.data.numbers.join(",")} data={query.data} canEdit={canEdit} />;
}

function TesterNumbersEditor({ data, canEdit }: { data: TesterNumbersResponse; canEdit: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [numbers, setNumbers] = useState(data.numbers);
  const [problem, setProblem] = useState<string | null>(null);
  // The box adds to the list on Enter or "Add tester number"; the list is saved with "Save tester numbers".
  const form = useForm<TesterNumberInput, unknown, TesterNumberOutput>({
    resolver: zodResolver(testerNumberSchema(numbers)),
    defaultValues: { number: "" },
    reValidateMode: "onSubmit",
  });
  const save = useMutation({
    mutationFn: (list: string[]) => api.put<TesterNumbersResponse>("/api/account/tester-numbers", { numbers: list }),
    onSuccess: (saved) => {
      setProblem(null);
      queryClient.setQueryData(TESTERS_KEY, saved);
      toast({ title: "Tester numbers saved" });
    },
    onError: (error) => setProblem(errorMessage(error, "The tester numbers could not be saved.")),
    meta: { unauthorized: LOGGED_OUT },
  });
  const add = ({ number }: TesterNumberOutput) => {
    if (!number) return;
    setProblem(null);
    setNumbers([...numbers, number]);
    form.reset({ number: "" });
  };
  const full = numbers.length >= MAX_TESTERS;
  const dirty = numbers.join(",") !== data.numbers.join(",");
  const shown = form.formState.errors.number?.message ?? problem;
  return (
    <div className="border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Tester numbers</h3>
      <p className="mt-1 text-sm text-slate-700">
        Calls from these numbers are tagged test and free, up to {data.freeTestCallsPerMonth} a month ({data.testCallsThisMonth} used this month).
      </p>
      {numbers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No tester numbers yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Tester numbers">
          {numbers.map((n, i) => (
            <li key={n} className="flex items-center justify-between gap-2 text-sm text-slate-900">
              <span>{formatPhone(n, "US")}</span>
              {canEdit ? (
                <Button variant="ghost" size="sm" aria-label={`Remove tester number ${i + 1}`} onClick={() => setNumbers(numbers.filter((x) => x !== n))}>
                  <X aria-hidden /> Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <div className="mt-3 flex flex-col gap-3">
          <form onSubmit={form.handleSubmit(add)} noValidate>
            <Label htmlFor={`${id}-number`}>Tester number</Label>
            <div className="mt-1 flex gap-2">
              <Input
                id={`${id}-number`}
                type="tel"
                autoComplete="tel"
                {...form.register("number", { onChange: () => form.clearErrors("number") })}
                disabled={full}
                aria-invalid={form.formState.errors.number ? true : undefined}
                aria-describedby={full ? `${id}-max` : undefined}
              />
              <Button type="submit" variant="outline" disabled={full}>
                Add tester number
              </Button>
            </div>
            {full ? (
              <p id={`${id}-max`} className="mt-1 text-xs text-slate-600">
                At most {MAX_TESTERS} tester numbers.
              </p>
            ) : null}
          </form>
          {shown ? (
            <p role="alert" className="text-sm text-red-900">
              {shown}
            </p>
          ) : null}
          <div>
            <Button type="button" onClick={() => save.mutate(numbers)} disabled={save.isPending || !dirty}>
              {save.isPending ? "Saving…" : "Save tester numbers"}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
