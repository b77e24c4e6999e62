import { sql } from "drizzle-orm";
import { route } from "@/features/auth/route.server";
import { getDb, dbKind } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Reports whether the database answers. The reason for a failure goes to the log, never to the caller. */
export const GET = route({ access: "public" }, async ({ log }) => {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: { reachable: true, kind: dbKind() } });
  } catch (err) {
    log.error({ err }, "health check: database unreachable");
    return Response.json({ status: "error", database: { reachable: false } }, { status: 503 });
  }
});
