CREATE TABLE "interaction_rollups" (
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"ai_ready_order_id" text NOT NULL,
	"channel" "interaction_channel" NOT NULL,
	"outcome" text NOT NULL,
	"transfer_destination" text DEFAULT '' NOT NULL,
	"interactions" integer NOT NULL,
	"appointments" integer NOT NULL,
	"answered_after_hours" integer NOT NULL,
	"timed_calls" integer NOT NULL,
	"duration_ms_sum" bigint NOT NULL,
	"units_milli" bigint NOT NULL,
	CONSTRAINT "interaction_rollups_pk" PRIMARY KEY("account_id","day","hour","ai_ready_order_id","channel","outcome","transfer_destination")
);
--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "transfer_destination" text;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "after_hours" boolean;--> statement-breakpoint
CREATE INDEX "interaction_rollups_empty_idx" ON "interaction_rollups" USING btree ("account_id") WHERE interactions = 0;--> statement-breakpoint
-- Issue 26, ADR 0137: interaction_rollups is kept current by triggers on interactions, in the writer's transaction.
-- A stored time zone PostgreSQL does not know counts as UTC rather than failing the writer.
CREATE OR REPLACE FUNCTION interaction_rollup_zone(tz text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE tz;
  RETURN tz;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- One advisory lock per account: writers take it shared, the repair exclusive (its rebuild sees every committed record and no writer adds to what it rebuilds).
CREATE OR REPLACE FUNCTION interaction_rollups_lock(p_account text, p_exclusive boolean) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN PERFORM pg_advisory_xact_lock(26, hashtext(p_account));
  ELSE PERFORM pg_advisory_xact_lock_shared(26, hashtext(p_account));
  END IF;
  RETURN 1;
END $$;
--> statement-breakpoint
-- The columns of interactions a rollup counts (the source of every delta).
CREATE OR REPLACE FUNCTION interaction_rollups_columns() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'account_id, started_at, ai_ready_order_id, channel, outcome, spam_reported_at, transfer_destination, appointment_booked, after_hours, duration_ms, units_milli'
$$;
--> statement-breakpoint
-- What counts, written once: the statement adding the signed records of `src` (sign, then interaction_rollups_columns()) to the rollups.
CREATE OR REPLACE FUNCTION interaction_rollups_delta_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH changed AS (%s),
    zones AS MATERIALIZED (
      SELECT o.id, interaction_rollup_zone(o.time_zone) AS tz FROM organization o
      WHERE o.id IN (SELECT account_id FROM changed WHERE account_id IS NOT NULL)
    ),
    facts AS (
      SELECT c.sign, c.account_id, c.started_at AT TIME ZONE z.tz AS local, c.ai_ready_order_id, c.channel,
        CASE WHEN c.outcome = 'spam' OR c.spam_reported_at IS NOT NULL THEN 'spam'
             WHEN c.outcome IN ('no_answer', 'busy', 'failed') THEN 'missed'
             ELSE c.outcome::text END AS outcome,
        c.transfer_destination, c.appointment_booked, coalesce(c.after_hours, false) AS after_hours, c.duration_ms, c.units_milli, c.spam_reported_at
      FROM changed c JOIN zones z ON z.id = c.account_id
    ),
    delta AS (
      SELECT account_id, local::date AS day, extract(hour FROM local)::smallint AS hour, ai_ready_order_id, channel, outcome,
        CASE WHEN outcome = 'transferred' THEN coalesce(transfer_destination, '') ELSE '' END AS transfer_destination,
        sum(sign) AS interactions,
        sum(CASE WHEN appointment_booked THEN sign ELSE 0 END) AS appointments,
        sum(CASE WHEN after_hours AND outcome IN ('answered', 'transferred') THEN sign ELSE 0 END) AS answered_after_hours,
        sum(CASE WHEN channel = 'phone' AND duration_ms > 0 THEN sign ELSE 0 END) AS timed_calls,
        sum(CASE WHEN channel = 'phone' AND duration_ms > 0 THEN sign * duration_ms::bigint ELSE 0 END) AS duration_ms_sum,
        sum(CASE WHEN spam_reported_at IS NULL THEN sign * units_milli::bigint ELSE 0 END) AS units_milli
      FROM facts
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    )
    INSERT INTO interaction_rollups AS r (account_id, day, hour, ai_ready_order_id, channel, outcome, transfer_destination, interactions, appointments, answered_after_hours, timed_calls, duration_ms_sum, units_milli)
    SELECT * FROM delta
    WHERE (interactions, appointments, answered_after_hours, timed_calls, duration_ms_sum, units_milli) <> (0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT interaction_rollups_pk DO UPDATE SET
      interactions = r.interactions + excluded.interactions,
      appointments = r.appointments + excluded.appointments,
      answered_after_hours = r.answered_after_hours + excluded.answered_after_hours,
      timed_calls = r.timed_calls + excluded.timed_calls,
      duration_ms_sum = r.duration_ms_sum + excluded.duration_ms_sum,
      units_milli = r.units_milli + excluded.units_milli
  $q$, src)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION interaction_rollups_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := interaction_rollups_columns();
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT 1 AS sign, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT -1 AS sign, %s FROM old_rows', cols);
  ELSE
    src := format('SELECT 1 AS sign, %s FROM new_rows UNION ALL SELECT -1 AS sign, %s FROM old_rows', cols, cols);
  END IF;
  EXECUTE format('SELECT sum(interaction_rollups_lock(a, false)) FROM (SELECT DISTINCT account_id AS a FROM (%s) c WHERE account_id IS NOT NULL ORDER BY 1) l', src);
  EXECUTE interaction_rollups_delta_sql(src);
  EXECUTE format('DELETE FROM interaction_rollups WHERE interactions = 0 AND account_id IN (SELECT account_id FROM (%s) c)', src);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER interaction_rollups_insert AFTER INSERT ON interactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_rollups_trigger();
--> statement-breakpoint
CREATE TRIGGER interaction_rollups_update AFTER UPDATE ON interactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_rollups_trigger();
--> statement-breakpoint
CREATE TRIGGER interaction_rollups_delete AFTER DELETE ON interactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_rollups_trigger();
--> statement-breakpoint
-- The repair: one account's rollups rebuilt exactly from its records (idempotent).
CREATE OR REPLACE FUNCTION interaction_rollups_rebuild(p_account text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM interaction_rollups_lock(p_account, true);
  DELETE FROM interaction_rollups WHERE account_id = p_account;
  EXECUTE interaction_rollups_delta_sql(format('SELECT 1 AS sign, %s FROM interactions WHERE account_id = $1', interaction_rollups_columns())) USING p_account;
END $$;
--> statement-breakpoint
-- Every account at once (seeding, benchmarks): writers wait for it.
CREATE OR REPLACE FUNCTION interaction_rollups_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE interaction_rollups IN EXCLUSIVE MODE;
  DELETE FROM interaction_rollups;
  EXECUTE interaction_rollups_delta_sql(format('SELECT 1 AS sign, %s FROM interactions WHERE account_id IS NOT NULL', interaction_rollups_columns()));
END $$;
