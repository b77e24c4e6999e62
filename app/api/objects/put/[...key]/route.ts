import { route } from "@/lib/http/route";
import { errorResponse } from "@/lib/http/errors";
import { config } from "@/lib/config";
import { verifyUpload } from "@/features/storage/upload-policy";
import { storeUpload } from "@/features/storage/storage.server";

/**
 * PUT /api/objects/put/<key>?type&max&expires&sig — the embedded storage
 * adapter's signed upload target. Public: the HMAC signature is the
 * authorization (like an S3 presigned URL); same-origin only.
 */
export const PUT = route<"public", { key: string[] }>({ access: "public" }, async ({ req, params, log }) => {
  const key = (params.key ?? []).join("/");
  const check = verifyUpload(config().authSecret, key, new URL(req.url).searchParams);
  if (!check.ok) return errorResponse(check.status, check.message);
  const { size } = await storeUpload(check.grant, req);
  log.info({ key, size }, "avatar stored");
  return Response.json({ objectPath: `/api/objects/${key}`, size });
});
