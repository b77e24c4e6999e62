import { route } from "@/features/auth/route.server";
import { listEntries } from "@/features/overage/overage.server";

export const GET = route<"admin", { id: string }>({ access: "admin" }, async ({ params }) => Response.json(await listEntries(params.id)));
