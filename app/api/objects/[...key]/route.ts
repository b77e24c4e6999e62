import { route } from "@/features/auth/route.server";
import { errorResponse } from "@/lib/http/errors";
import { openStoredObject } from "@/features/storage/storage.server";

/**
 * GET /api/objects/<key> — serves an uploaded avatar at a stable path, from
 * local disk or (S3 adapter) streamed from the private bucket. Keys are
 * random and never reused, so the file may be cached for a year.
 */
export const GET = route<"public", { key: string[] }>({ access: "public" }, async ({ params }) => {
  const key = (params.key ?? []).join("/");
  const object = await openStoredObject(key);
  if (!object) return errorResponse(404, "Not found");
  return new Response(object.body, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Last-Modified": object.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
