import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage, hasStatus } from "@/lib/api-client";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { FormAlert } from "@/lib/ui/form-alert";
import { Spinner } from "@/lib/ui/spinner";

/**
 * A section of the notifications page as a card whose body follows its query:
 * `loading` (with a spinner) while pending or signed out (the page then goes
 * to sign-in), the server's message or `failed` on an error, else
 * `children(data)`.
 */
export function QuerySection<T>({
  titleId,
  title,
  description,
  query,
  loading,
  failed,
  children,
}: {
  titleId: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending || (query.isError && hasStatus(query.error, 401))) {
    body = (
      <p className="flex items-center gap-2 text-slate-700">
        <Spinner label={loading} /> {loading}...
      </p>
    );
  } else if (query.isError) {
    body = <FormAlert>{errorMessage(query.error, failed)}</FormAlert>;
  } else {
    body = children(query.data);
  }
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle as="h2" id={titleId}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{body}</CardContent>
      </Card>
    </section>
  );
}
