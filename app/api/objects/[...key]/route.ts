import { route } from "@/features/auth/route.server";
import { errorResponse } from "@/lib/http/errors";
import { readStoredObject } from "@/features/storage/storage.server";

/**
 * GET /api/objects/<key> — serves an uploaded avatar at a stable path.
 * Keys are random and never reused, so the file may be cached for a year.
 */
export const GET = route<"public", { key: string[] }>({ access: "public" }, async ({ params }) => {
  const key = (params.key ?? []).join("/");
  const object = await readStoredObject(key);
  if (!object) return errorResponse(404, "Not found");
  return new Response(new Uint8Array(object.bytes), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Last-Modified": object.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
