-- Issue 27: the admin search's trigram indexes without a pending list (fastupdate off). With it on, rows written since the
-- last VACUUM wait in an unsorted list that every search reads in full (3.4 MB, 5,578 rows after the bench seed of 100,000
-- users); autovacuum empties it only now and then, and PGlite has no autovacuum. Rebuilt, so the list starts empty.
DROP INDEX "user_search_trgm_idx";--> statement-breakpoint
DROP INDEX "ai_ready_orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (lower("name" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_search_trgm_idx" ON "ai_ready_orders" USING gin (lower("ai_employee_name" || ' ' || "ai_phone_number" || ' ' || "customer_email") gin_trgm_ops) WITH (fastupdate=false);