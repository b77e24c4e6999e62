-- Issue 27: the admin search's trigram indexes without a pending list (fastupdate off). With it on, rows written since the
-- last VACUUM wait in an unsorted list that every search reads in full (3.6 MB, 5,578 rows after the bench seed of 100,000
-- users); autovacuum empties it only now and then, and PGlite has no autovacuum. Rebuilt, so the list starts empty.
DROP INDEX "user_search_trgm_idx";--> statement-breakpoint
DROP INDEX "ai_ready_orders_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (lower("name" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "ai_ready_orders_search_trgm_idx" ON "ai_ready_orders" USING gin (lower("ai_employee_name" || ' ' || "ai_phone_number" || ' ' || "customer_email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Issue 27: each subscription keeps what the admin search matches in one column with its own trigram index: the search text
-- of every member of its account (the expression of user_search_trgm_idx) and of its AI employee (that of
-- ai_ready_orders_search_trgm_idx), one per line, so a match never spans two of them. Before, a search for a common name
-- fetched every matching user (4,000 of 100,000) and their memberships to page 10,000 subscriptions.
CREATE OR REPLACE FUNCTION subscription_search_text(p_account text, p_subscription text, p_order text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(t, E'\n'), '') FROM (
    SELECT lower(u."name" || ' ' || coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '') || ' ' || u."email") AS t
    FROM "member" m JOIN "user" u ON u."id" = m."user_id" WHERE m."organization_id" = p_account
    UNION ALL
    SELECT lower(o."ai_employee_name" || ' ' || o."ai_phone_number" || ' ' || o."customer_email")
    FROM "ai_ready_orders" o WHERE o."subscription_id" = p_subscription OR o."id" = p_order
  ) x
$$;
--> statement-breakpoint
-- A subscription written: its own text (every update, so a write of a stale copy cannot keep it).
CREATE OR REPLACE FUNCTION subscriptions_search_text_own() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := subscription_search_text(NEW."account_id", NEW."id", NEW."ai_ready_order_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_search_text BEFORE INSERT OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION subscriptions_search_text_own();
--> statement-breakpoint
-- A membership, a login's name or e-mail, or an AI employee written: the subscriptions it shows in are touched, and their own
-- trigger above computes the text again.
CREATE OR REPLACE FUNCTION subscriptions_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'member' THEN
    UPDATE "subscriptions" SET "search_text" = '' WHERE "account_id" = r."organization_id";
    IF TG_OP = 'UPDATE' AND OLD."organization_id" IS DISTINCT FROM NEW."organization_id" THEN
      UPDATE "subscriptions" SET "search_text" = '' WHERE "account_id" = OLD."organization_id";
    END IF;
  ELSIF TG_TABLE_NAME = 'user' THEN
    UPDATE "subscriptions" SET "search_text" = '' WHERE "account_id" IN (SELECT "organization_id" FROM "member" WHERE "user_id" = r."id");
  ELSE
    UPDATE "subscriptions" SET "search_text" = '' WHERE "id" = r."subscription_id" OR "ai_ready_order_id" = r."id";
    IF TG_OP = 'UPDATE' AND OLD."subscription_id" IS DISTINCT FROM NEW."subscription_id" THEN
      UPDATE "subscriptions" SET "search_text" = '' WHERE "id" = OLD."subscription_id";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_subscriptions_search_text AFTER INSERT OR DELETE OR UPDATE OF "organization_id", "user_id" ON "member" FOR EACH ROW EXECUTE FUNCTION subscriptions_search_text_refresh();
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_search_text AFTER UPDATE OF "name", "first_name", "last_name", "email" ON "user" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION subscriptions_search_text_refresh();
--> statement-breakpoint
CREATE TRIGGER ai_ready_orders_subscriptions_search_text AFTER INSERT OR DELETE OR UPDATE OF "ai_employee_name", "ai_phone_number", "customer_email", "subscription_id" ON "ai_ready_orders" FOR EACH ROW EXECUTE FUNCTION subscriptions_search_text_refresh();
--> statement-breakpoint
UPDATE "subscriptions" SET "search_text" = '';
