-- Issue 21: ingestion keys have a scope, record ids are unique per source, spam reports past the self-service cap wait for review, and records outside a billed month are marked.
ALTER TABLE "api_keys" ADD COLUMN "scope" text DEFAULT 'platform' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "platform" text;--> statement-breakpoint
-- Keys made before issue 21 wrote for every AI employee: they become keys of the operator's default platform integration.
UPDATE "api_keys" SET "platform" = 'default';--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scope_user_id" text;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "external_id" text;--> statement-breakpoint
-- Records stored before issue 21 keep their id; it becomes the sender's id within the source it came from.
UPDATE "interactions" SET "external_id" = "id", "source_key" = CASE WHEN "source" = 'retell' THEN 'platform:retell' ELSE 'platform:default' END;--> statement-breakpoint
ALTER TABLE "interactions" ALTER COLUMN "source_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" ALTER COLUMN "external_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "spam_review" text;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "spam_review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "billing_note" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope_user_id_user_id_fk" FOREIGN KEY ("scope_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interactions_source_external_idx" ON "interactions" USING btree ("source_key","external_id");--> statement-breakpoint
CREATE INDEX "interactions_spam_review_idx" ON "interactions" USING btree ("spam_review_requested_at") WHERE spam_review = 'pending';