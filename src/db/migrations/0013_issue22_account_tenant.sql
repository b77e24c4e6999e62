ALTER TABLE "invoices" DROP CONSTRAINT "invoices_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_customers" DROP CONSTRAINT "payment_customers_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notices" DROP CONSTRAINT "customer_notices_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_records" DROP CONSTRAINT "usage_records_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scope_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "interactions" DROP CONSTRAINT "interactions_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "interactions" DROP CONSTRAINT "interactions_account_id_organization_id_fk";
--> statement-breakpoint
DROP INDEX "invoices_user_issued_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_id_idx";--> statement-breakpoint
DROP INDEX "customer_notices_user_created_idx";--> statement-breakpoint
DROP INDEX "usage_records_user_idx";--> statement-breakpoint
DROP INDEX "interactions_user_started_idx";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payment_customers" ADD PRIMARY KEY ("account_id");--> statement-breakpoint
ALTER TABLE "payment_customers" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notices" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_account_id_organization_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_account_issued_idx" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "subscriptions_account_id_idx" ON "subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "customer_notices_account_created_idx" ON "customer_notices" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_records_account_idx" ON "usage_records" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "interactions_account_started_idx" ON "interactions" USING btree ("account_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "customer_notices" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "usage_records" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "scope_user_id";--> statement-breakpoint
ALTER TABLE "interactions" DROP COLUMN "user_id";