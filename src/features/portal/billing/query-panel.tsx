import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";

type ListQuery<T> = { data: T[] | undefined; isLoading: boolean; isError: boolean };

/**
 * A billing tab: a titled card whose body follows its list query: the loading
 * text, an error alert, `empty` when the list is empty, else `children(items)`.
 */
export function QueryPanel<T>({
  title,
  description,
  query,
  loadingText,
  errorText,
  empty,
  children,
}: {
  title: string;
  description: string;
  query: ListQuery<T>;
  loadingText: string;
  errorText: string;
  empty: React.ReactNode;
  children: (items: T[]) => React.ReactNode;
}) {
  const items = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <p className="text-slate-700">{loadingText}</p>
        ) : query.isError ? (
          <p className="text-red-800" role="alert">
            {errorText}
          </p>
        ) : items.length === 0 ? (
          empty
        ) : (
          children(items)
        )}
      </CardContent>
    </Card>
  );
}

/** The dashed box a tab shows while it has nothing to list. */
export function EmptyState({ icon: Icon, title, body }: { icon: LucideIcon; title: string; body: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <Icon className="size-8 text-slate-500" aria-hidden />
      <p className="font-medium text-slate-900">{title}</p>
      <p className="text-slate-700">{body}</p>
    </div>
  );
}
