import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Objects written through a signed upload URL. The key is the primary key,
 * so a signed URL can store its object once: a second PUT is refused and a
 * served object never changes under its immutable cache header.
 */
export const uploadedObjects = pgTable("uploaded_objects", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});
