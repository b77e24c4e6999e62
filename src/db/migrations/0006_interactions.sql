-- Calls and messages from the AI employees (issue 13, ADR 0101): API keys, the interactions with their units and full-text search, usage alerts sent, customer notices, what the provider's meters were told, and overage billed automatically.
CREATE TYPE "public"."interaction_channel" AS ENUM('phone', 'sms', 'chat', 'social');--> statement-breakpoint
CREATE TYPE "public"."interaction_direction" AS ENUM('inbound', 'outbound');--> statement-breakpoint
CREATE TYPE "public"."interaction_outcome" AS ENUM('answered', 'voicemail', 'no_answer', 'busy', 'failed', 'spam', 'transferred');--> statement-breakpoint
CREATE TABLE "customer_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notices_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "overage_auto_bills" (
	"subscription_id" text NOT NULL,
	"usage_month_start" timestamp with time zone NOT NULL,
	"entry_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overage_auto_bills_subscription_id_usage_month_start_pk" PRIMARY KEY("subscription_id","usage_month_start")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"window_start" timestamp with time zone,
	"window_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" text PRIMARY KEY NOT NULL,
	"ai_ready_order_id" text NOT NULL,
	"user_id" text,
	"subscription_id" text,
	"usage_month_start" timestamp with time zone,
	"channel" "interaction_channel" NOT NULL,
	"direction" "interaction_direction" NOT NULL,
	"outcome" "interaction_outcome" NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"agent_messages" integer,
	"from_number" text,
	"to_number" text,
	"summary" text,
	"transcript" jsonb,
	"recording_url" text,
	"appointment_booked" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"units_milli" integer NOT NULL,
	"unit_rule" text NOT NULL,
	"spam_reported_at" timestamp with time zone,
	"source" text NOT NULL,
	"api_key_id" text,
	"anonymized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(summary, '')) || jsonb_to_tsvector('english', jsonb_path_query_array(coalesce(transcript, '[]'::jsonb), '$[*].text'), '["string"]')) STORED
);
--> statement-breakpoint
CREATE TABLE "meter_reports" (
	"subscription_id" text NOT NULL,
	"usage_month_start" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"reported_units" integer DEFAULT 0 NOT NULL,
	"pending_units" integer,
	"dirty" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_reports_subscription_id_usage_month_start_category_pk" PRIMARY KEY("subscription_id","usage_month_start","category")
);
--> statement-breakpoint
CREATE TABLE "usage_alerts" (
	"subscription_id" text NOT NULL,
	"usage_month_start" timestamp with time zone NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alerts_subscription_id_usage_month_start_threshold_pk" PRIMARY KEY("subscription_id","usage_month_start","threshold")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_bill_overage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overage_auto_bills" ADD CONSTRAINT "overage_auto_bills_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overage_auto_bills" ADD CONSTRAINT "overage_auto_bills_entry_id_overage_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."overage_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_ai_ready_order_id_ai_ready_orders_id_fk" FOREIGN KEY ("ai_ready_order_id") REFERENCES "public"."ai_ready_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_reports" ADD CONSTRAINT "meter_reports_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts" ADD CONSTRAINT "usage_alerts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notices_user_created_idx" ON "customer_notices" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interactions_user_started_idx" ON "interactions" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "interactions_subscription_month_idx" ON "interactions" USING btree ("subscription_id","usage_month_start");--> statement-breakpoint
CREATE INDEX "interactions_search_idx" ON "interactions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "interactions_retention_idx" ON "interactions" USING btree ("started_at") WHERE anonymized_at is null;--> statement-breakpoint
CREATE INDEX "meter_reports_due_idx" ON "meter_reports" USING btree ("subscription_id") WHERE dirty or pending_units is not null;--> statement-breakpoint
CREATE INDEX "ai_ready_orders_phone_key_idx" ON "ai_ready_orders" USING btree (right(regexp_replace("ai_phone_number", '[^0-9]', '', 'g'), 10));