import { route } from "@/features/auth/route.server";
import { errorResponse } from "@/lib/http/errors";
import { MAX_AVATAR_BYTES, uploadSigningKey, verifyUpload } from "@/features/storage/upload-policy";
import { storeUpload, TOO_LARGE_MESSAGE } from "@/features/storage/storage.server";

/**
 * PUT /api/objects/put/<key>?type&max&expires&sig — the embedded storage
 * adapter's signed upload target. Public: the HMAC signature is the
 * authorization (like an S3 presigned URL); same-origin only.
 */
export const PUT = route<"public", { key: string[] }>({ access: "public", maxBodyBytes: MAX_AVATAR_BYTES, tooLargeMessage: TOO_LARGE_MESSAGE }, async ({ req, params, log }) => {
  const key = (params.key ?? []).join("/");
  const check = verifyUpload(uploadSigningKey(), key, new URL(req.url).searchParams);
  if (!check.ok) return errorResponse(check.status, check.message);
  const { size } = await storeUpload(check.grant, req);
  log.info({ key, size }, "avatar stored");
  return Response.json({ objectPath: `/api/objects/${key}`, size });
});
