import { z } from "@/lib/zod";
import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createAvatarUpload } from "@/features/storage/storage.server";

const body = z.object({
  fileName: z.string().trim().min(1, { message: "fileName is required" }).max(255),
  contentType: z.string().trim().toLowerCase().min(1, { message: "contentType is required" }),
  size: z.number({ message: "size must be the file size in bytes" }).int({ message: "size must be a whole number of bytes" }).min(0),
});

/** POST /api/objects/upload (admin): a single-use PUT URL for one avatar image (spec 7). */
export const POST = route({ access: "admin" }, async ({ req, log }) => {
  const input = await readJson(req, body);
  const ticket = await createAvatarUpload(input);
  log.info({ objectPath: ticket.objectPath, size: input.size, contentType: ticket.contentType }, "avatar upload URL issued");
  return Response.json(ticket);
});
