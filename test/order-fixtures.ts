import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { aiReadyOrders } from "@/db/schema";

type OrderFields = Omit<typeof aiReadyOrders.$inferInsert, "id" | "aiEmployeeName" | "aiPhoneNumber" | "webChatUrl"> & { webChatUrl?: string };

/** Inserts an AI employee (an AI-ready order) named `name` answering `phone`, with a chat link after its name unless given; returns its new id. */
export async function insertOrder(name: string, phone: string, fields: OrderFields): Promise<string> {
  const id = randomUUID();
  const db = await getDb();
  await db.insert(aiReadyOrders).values({ id, aiEmployeeName: name, aiPhoneNumber: phone, webChatUrl: `https://chat.example.com/${name.toLowerCase()}`, ...fields });
  return id;
}
