import type { Access } from "./route";

/**
 * Who may call each API route, by file path under app/api and HTTP method.
 * The authorization test enumerates every route file and fails when one is
 * missing here, then checks anonymous callers get 401 on "user"/"admin"
 * routes and customers get 403 on "admin" routes.
 */
export const ROUTE_ACCESS: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Access>>> = {
  "auth/[...all]": { GET: "public", POST: "public" },
  "auth/user": { GET: "user" },
  health: { GET: "public" },
  login: { GET: "public" },
  logout: { GET: "public" },
};
