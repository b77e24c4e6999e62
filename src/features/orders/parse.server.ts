import "server-only";
import { readJson } from "@/lib/http/route";
import { orderInputSchema, orderProblem, type OrderData } from "./order.schema";

/** Reads an order payload; a bad one is a 400 with the spec's message (spec 5). */
export function readOrder(req: Request): Promise<OrderData> {
  return readJson(req, orderInputSchema, (error) => orderProblem(error).message);
}
