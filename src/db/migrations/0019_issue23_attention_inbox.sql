ALTER TABLE "interactions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "handled_by_user_id" text;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_handled_by_user_id_user_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interactions_attention_idx" ON "interactions" USING btree ("account_id","started_at" DESC NULLS FIRST) WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX "interactions_handled_idx" ON "interactions" USING btree ("account_id","handled_at" DESC NULLS FIRST) WHERE handled_at is not null;