CREATE TABLE "account_tester_numbers" (
	"account_id" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tester_numbers_account_id_number_pk" PRIMARY KEY("account_id","number")
);
--> statement-breakpoint
CREATE TABLE "ai_employee_settings" (
	"ai_ready_order_id" text PRIMARY KEY NOT NULL,
	"current_version" integer NOT NULL,
	"booking_key_ciphertext" text,
	"booking_key_last4" text,
	"spend_mode" text DEFAULT 'normal' NOT NULL,
	"spend_mode_month_start" timestamp with time zone,
	"spend_mode_since" timestamp with time zone,
	"sync_state" text DEFAULT 'updating' NOT NULL,
	"live_version" integer,
	"live_spend_mode" text,
	"live_since" timestamp with time zone,
	"sync_error" text,
	"next_retry_at" timestamp with time zone,
	"platform_agent_id" text,
	"platform_llm_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_employee_settings_versions" (
	"ai_ready_order_id" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"changed" text[] NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_employee_settings_versions_ai_ready_order_id_version_pk" PRIMARY KEY("ai_ready_order_id","version")
);
--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "recording_announced" boolean;--> statement-breakpoint
ALTER TABLE "account_tester_numbers" ADD CONSTRAINT "account_tester_numbers_account_id_organization_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_settings" ADD CONSTRAINT "ai_employee_settings_ai_ready_order_id_ai_ready_orders_id_fk" FOREIGN KEY ("ai_ready_order_id") REFERENCES "public"."ai_ready_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_settings_versions" ADD CONSTRAINT "ai_employee_settings_versions_ai_ready_order_id_ai_ready_orders_id_fk" FOREIGN KEY ("ai_ready_order_id") REFERENCES "public"."ai_ready_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_employee_settings_versions" ADD CONSTRAINT "ai_employee_settings_versions_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_employee_settings_retry_idx" ON "ai_employee_settings" USING btree ("next_retry_at");