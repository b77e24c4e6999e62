import { route } from "@/features/auth/route.server";
import { errorResponse } from "@/lib/http/errors";
import { verifyRecordingSignature } from "@/features/interactions/recording-url.server";
import { recordingAudio } from "@/features/interactions/recording-stream.server";

/**
 * GET /api/interactions/<id>/recording?expires=…&sig=…: the record's audio,
 * for the detail view's player. Public because the signature (made by the
 * detail view, valid 15 minutes) is the authorization: 403 without a valid
 * one. Only the record's own stored recording is ever served; every answer
 * is `Cache-Control: private, no-store`.
 */
export const GET = route<"public", { id: string }>({ access: "public" }, async ({ req, params }) => {
  const res = verifyRecordingSignature(params.id, new URL(req.url).searchParams)
    ? await recordingAudio(params.id, req.headers.get("range"))
    : errorResponse(403, "This recording link is invalid or has expired. Open the call again for a new one.");
  // A customer's call audio (and whether its link still works) is never stored by a browser or a shared cache.
  res.headers.set("Cache-Control", "private, no-store");
  return res;
});
