import { vi } from "vitest";
import { jobsConnection } from "@/lib/db";

/** The SQL statements the application sends while `fn` runs (the job queue's own polling left out). */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const record = (q: unknown) => {
    const text = typeof q === "string" ? q : String((q as { text?: string })?.text ?? "");
    if (!text.includes("pgboss")) seen.push(text);
  };
  let spy: { mockRestore: () => void } | undefined;
  const conn = await jobsConnection();
  if (conn.kind === "pglite") {
    const client = conn.client;
    const query = client.query.bind(client);
    spy = vi.spyOn(client, "query").mockImplementation(((q: string, ...rest: unknown[]) => {
      record(q);
      return (query as (...a: unknown[]) => unknown)(q, ...rest);
    }) as never);
  } else {
    const pg = (await import("pg")).default;
    const query = pg.Client.prototype.query;
    spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
  }
  try {
    await fn();
  } finally {
    spy?.mockRestore();
  }
  return seen;
}
