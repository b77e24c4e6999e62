-- Admin search (ADR 0100): one trigram index per table over one lower-cased text, which the planner prefers to a sequential scan even for a common name.
DROP INDEX "user_name_trgm_idx";--> statement-breakpoint
DROP INDEX "user_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "user_email_trgm_idx";--> statement-breakpoint
DROP INDEX "ai_ready_orders_name_trgm_idx";--> statement-breakpoint
DROP INDEX "ai_ready_orders_email_trgm_idx";--> statement-breakpoint
DROP INDEX "ai_ready_orders_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "notifications_title_trgm_idx";--> statement-breakpoint
DROP INDEX "notifications_message_trgm_idx";--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (lower("name" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_search_trgm_idx" ON "ai_ready_orders" USING gin (lower("ai_employee_name" || ' ' || "ai_phone_number" || ' ' || "customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_search_trgm_idx" ON "notifications" USING gin (lower("title" || ' ' || "message") gin_trgm_ops);