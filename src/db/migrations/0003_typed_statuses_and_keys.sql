CREATE TYPE "public"."email_status" AS ENUM('outbox', 'queued', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."notification_priority" AS ENUM('urgent', 'high', 'normal', 'low');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'claimed', 'active');--> statement-breakpoint
CREATE TYPE "public"."overage_status" AS ENUM('draft', 'pending', 'billed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'trialing', 'past_due', 'cancelled');--> statement-breakpoint
ALTER TABLE "overage_entries" RENAME COLUMN "stripe_invoice_url" TO "invoice_url";--> statement-breakpoint
ALTER TABLE "overage_line_items" RENAME COLUMN "stripe_price_id" TO "provider_price_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "status" SET DATA TYPE "public"."subscription_status" USING "status"::"public"."subscription_status";--> statement-breakpoint
ALTER TABLE "ai_ready_orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ai_ready_orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "ai_ready_orders" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."order_status";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "priority" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "priority" SET DATA TYPE "public"."notification_priority" USING "priority"::"public"."notification_priority";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "priority" SET DEFAULT 'normal'::"public"."notification_priority";--> statement-breakpoint
ALTER TABLE "overage_entries" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "overage_entries" ALTER COLUMN "status" SET DATA TYPE "public"."overage_status" USING "status"::"public"."overage_status";--> statement-breakpoint
ALTER TABLE "overage_entries" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."overage_status";--> statement-breakpoint
ALTER TABLE "email_messages" ALTER COLUMN "status" SET DATA TYPE "public"."email_status" USING "status"::"public"."email_status";--> statement-breakpoint
ALTER TABLE "overage_entries" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
-- The "next-invoice" sentinel becomes the time the items were handed over.
UPDATE "overage_entries" SET "handed_over_at" = COALESCE("submitted_at", "created_at"), "provider_invoice_id" = NULL WHERE "provider_invoice_id" = 'next-invoice';--> statement-breakpoint
-- Rows that point at nothing cannot keep their keys.
UPDATE "subscriptions" SET "ai_ready_order_id" = NULL WHERE "ai_ready_order_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ai_ready_orders" o WHERE o."id" = "subscriptions"."ai_ready_order_id");--> statement-breakpoint
UPDATE "ai_ready_orders" SET "claimed_by_user_id" = NULL WHERE "claimed_by_user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u."id" = "ai_ready_orders"."claimed_by_user_id");--> statement-breakpoint
DELETE FROM "overage_entries" WHERE NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."id" = "overage_entries"."subscription_id");--> statement-breakpoint
DELETE FROM "usage_records" WHERE NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."id" = "usage_records"."subscription_id") OR NOT EXISTS (SELECT 1 FROM "user" u WHERE u."id" = "usage_records"."user_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ai_ready_order_id_ai_ready_orders_id_fk" FOREIGN KEY ("ai_ready_order_id") REFERENCES "public"."ai_ready_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_ready_orders" ADD CONSTRAINT "ai_ready_orders_claimed_by_user_id_user_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overage_entries" ADD CONSTRAINT "overage_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
