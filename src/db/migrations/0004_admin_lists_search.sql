-- Admin lists paged on the server with search (ADR 0096): trigram indexes for ILIKE/LIKE %q% and b-tree indexes for the keyset orders.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_full_name_trgm_idx" ON "user" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_created_id_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_created_id_idx" ON "ai_ready_orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_subscription_idx" ON "ai_ready_orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "ai_ready_orders_name_trgm_idx" ON "ai_ready_orders" USING gin (lower("ai_employee_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_email_trgm_idx" ON "ai_ready_orders" USING gin (lower("customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_phone_trgm_idx" ON "ai_ready_orders" USING gin (lower("ai_phone_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_unread_created_id_idx" ON "notifications" USING btree ("is_read","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_title_trgm_idx" ON "notifications" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_message_trgm_idx" ON "notifications" USING gin (lower("message") gin_trgm_ops);