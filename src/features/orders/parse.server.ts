import "server-only";
import { badRequest } from "@/lib/http/errors";
import { orderInputSchema, orderProblem, type OrderData } from "./order.schema";

/** Reads an order payload; a bad one is a 400 with the spec's message (spec 5). */
export async function readOrder(req: Request): Promise<OrderData> {
  let body: unknown;
  try {
    const text = await req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const parsed = orderInputSchema.safeParse(body);
  if (!parsed.success) throw badRequest(orderProblem(parsed.error).message);
  return parsed.data;
}
