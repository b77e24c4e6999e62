import "server-only";
import { createRoute } from "@/lib/http/route";
import { getCurrentUser } from "./current-user.server";

/**
 * `route()` for the API route files (app/api/**): src/lib/http/route.ts wraps
 * the handler, and auth supplies who is calling. `user` in a handler is a
 * CurrentUser. readJson/readQuery stay in src/lib/http/route.ts.
 */
export const route = createRoute(getCurrentUser);
