import { sql } from "drizzle-orm";
import { route } from "@/lib/http/route";
import { getDb, dbKind } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Reports whether the database answers. */
export const GET = route({ access: "public" }, async () => {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: { reachable: true, kind: dbKind() } });
  } catch (err) {
    return Response.json({ status: "error", database: { reachable: false, error: String((err as Error).message) } }, { status: 503 });
  }
});
