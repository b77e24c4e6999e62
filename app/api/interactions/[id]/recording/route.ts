import { route } from "@/features/auth/route.server";
import { errorResponse } from "@/lib/http/errors";
import { verifyRecordingSignature } from "@/features/interactions/recording-url.server";
import { recordingAudio } from "@/features/interactions/recording-stream.server";

/**
 * GET /api/interactions/<id>/recording?expires=…&sig=…: the record's audio,
 * for the detail view's player. Public because the signature (made by the
 * detail view, valid 15 minutes) is the authorization: 403 without a valid
 * one. Only the record's own stored recording is ever served.
 */
export const GET = route<"public", { id: string }>({ access: "public" }, async ({ req, params }) => {
  if (!verifyRecordingSignature(params.id, new URL(req.url).searchParams)) return errorResponse(403, "This recording link is invalid or has expired. Open the call again for a new one.");
  return recordingAudio(params.id, req.headers.get("range"));
});
