// The seed of `npm run bench:insights`: set-based SQL (generate_series) on a
// fresh database, so that 10,000 accounts and 1,000,000 interactions go in
// within minutes. Every row is the benchmark's (ids bench-in-*, addresses
// @bench.example).
//
// - 10,000 accounts, each with an owner, an AI employee and one subscription:
//   plans small/medium/large/corp in turn, one in five annual, started 0-13
//   months ago on the 1st of a month (the usage months are calendar months);
//   70 % active, 10 % trialing, 5 % past due, 15 % cancelled (half way through
//   their life); a third of the active ones came from a trial.
// - Their invoices from their start until now (monthly, or yearly), so the MRR
//   has new, churned, reactivated (none) and expanded subscriptions: one in 17
//   moves up a plan half way (a proration invoice, then the dearer price); one
//   in 23 had a payment fail and recovered, one in 29 an uncollectible invoice,
//   the past-due ones an open invoice whose payment failed; one in 50 an
//   overage invoice (billed overage entry).
// - 1,000,000 interactions over the last 120 days: 50,000 of them the demo
//   account's (account 1, America/New_York, two AI employees), the rest spread
//   over the other 9,999 accounts; mixed channels, outcomes, transfer
//   destinations, bookings and after-hours calls. Inserted with the rollup
//   triggers off (session_replication_role = replica), then the rollups are
//   rebuilt at once with interaction_rollups_rebuild_all() (migration 0023).

export const ACCOUNTS = 10_000;
export const INTERACTIONS = 1_000_000;
export const DEMO_INTERACTIONS = 50_000;
export const DAYS = 120;
export const DEMO = { account: "bench-in-a-1", owner: "bench-in-u-1", admin: "bench-in-admin", timeZone: "America/New_York" };

const PLANS = ["small", "medium", "large", "corp"];
/** Monthly price a month, annual price a month (src/features/plans/catalogue.ts), cents. */
const PRICE = { small: [14900, 13400], medium: [42000, 36500], large: [69900, 62900], corp: [109900, 98900] };
const ZONES = ["UTC", "America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/London", "Europe/Berlin"];

const arr = (values) => `array[${values.map((v) => `'${v}'`).join(",")}]`;
/** The plan index (0-3) of subscription i: account 1 (the demo) is on Large. */
const planIndex = (i) => `(case when ${i} = 1 then 2 else ${i} % 4 end)`;
/** Months since subscription i started (the demo: 6): invoices over the last 13 months. */
const age = (i) => `(case when ${i} = 1 then 6 else ${i} % 14 end)`;
/** 0-13 active, 14-15 trialing, 16 past due, 17-19 cancelled; the demo is active. */
const status = (i) => `(case when ${i} = 1 or ${i} % 20 < 14 then 'active' when ${i} % 20 < 16 then 'trialing' when ${i} % 20 = 16 then 'past_due' else 'cancelled' end)`;
const price = (planIdx, annual) =>
  `(case ${annual} when true then (${arr(PLANS.map((p) => PRICE[p][1]))}::int[])[1 + ${planIdx}] * 12 else (${arr(PLANS.map((p) => PRICE[p][0]))}::int[])[1 + ${planIdx}] end)`;

/** The statements, in order, for a database the app has just migrated. */
export function seedSql() {
  const n = ACCOUNTS;
  const start = (i) => `(date_trunc('month', now()) - ${age(i)} * interval '1 month')`;
  return [
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role)
       select 'bench-in-u-' || i, 'Owner ' || i, 'owner' || i || '@bench.example', true, 'Owner', i::text, 'customer' from generate_series(1, ${n}) i`,
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role)
       values ('${DEMO.admin}', 'Bench Admin', 'insights-admin@bench.example', true, 'Bench', 'Admin', 'admin')`,
    `insert into organization (id, name, slug, time_zone, created_at)
       select 'bench-in-a-' || i, case when i = 1 then 'Demo Plumbing Co' else 'Bench Account ' || i end, 'bench-in-' || i,
              case when i = 1 then '${DEMO.timeZone}' else (${arr(ZONES)})[1 + i % ${ZONES.length}] end, ${start("i")}
       from generate_series(1, ${n}) i`,
    `insert into member (id, organization_id, user_id, role) select 'bench-in-m-' || i, 'bench-in-a-' || i, 'bench-in-u-' || i, 'owner' from generate_series(1, ${n}) i`,
    `insert into payment_customers (account_id, provider_customer_id) select 'bench-in-a-' || i, 'cus_bench_in_' || i from generate_series(1, ${n}) i`,
    `insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status, subscription_id, account_id, claimed_by_user_id, created_at)
       select 'bench-in-o-' || i, 'Employee ' || i, '+1556' || lpad(i::text, 7, '0'), 'owner' || i || '@bench.example', 'https://chat.example.com/in/' || i,
              'active', 'bench-in-s-' || i, 'bench-in-a-' || i, 'bench-in-u-' || i, ${start("i")}
       from generate_series(1, ${n}) i`,
    `insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status, account_id, claimed_by_user_id, created_at)
       values ('bench-in-o-1b', 'Night Desk', '+15569999999', 'owner1@bench.example', 'https://chat.example.com/in/1b', 'active', 'bench-in-a-1', 'bench-in-u-1', now() - interval '200 days')`,
    // Trialing: started 0-13 days ago, a 14-day trial (its end is the billing anchor). A third of the active ones had a trial before their start.
    `insert into subscriptions (id, account_id, plan_id, billing, status, cancel_at_period_end, current_period_start, current_period_end, trial_start, trial_end,
                                provider_customer_id, provider_subscription_id, provider_status, ai_ready_order_id, created_at, updated_at)
       select 'bench-in-s-' || i, 'bench-in-a-' || i, (${arr(PLANS)})[1 + ${planIndex("i")}], case when annual then 'annual' else 'monthly' end,
              st::subscription_status, i % 11 = 0 and st = 'active',
              date_trunc('month', now()), date_trunc('month', now()) + interval '1 month',
              case when st = 'trialing' then now() - (i % 14) * interval '1 day' when st = 'active' and i % 3 = 0 then s - interval '14 days' end,
              case when st = 'trialing' then now() - (i % 14) * interval '1 day' + interval '14 days' when st = 'active' and i % 3 = 0 then s end,
              'cus_bench_in_' || i, 'sub_bench_in_' || i, case st when 'cancelled' then 'canceled' else st end, 'bench-in-o-' || i,
              case when st = 'trialing' then now() - (i % 14) * interval '1 day' else s end, now()
       from generate_series(1, ${n}) i,
            lateral (select ${status("i")} as st, i % 5 = 0 and i <> 1 as annual, ${start("i")} as s) x`,
    // One invoice a billing period from the start until now (cancelled ones stop half way); trials have none yet.
    `insert into invoices (id, account_id, provider_invoice_id, provider_subscription_id, description, amount_due, amount_paid, status, period_start, period_end, issued_at, payment_failed_at)
       select 'bench-in-inv-' || i || '-' || k, 'bench-in-a-' || i, 'in_bench_in_' || i || '_' || k, 'sub_bench_in_' || i, 'Subscription', amt,
              case when inv_status = 'paid' then amt else 0 end, inv_status, at, at + case when annual then interval '1 year' else interval '1 month' end, at,
              case when failed then at + interval '1 day' end
       from generate_series(1, ${n}) i,
            lateral (select ${status("i")} as st, i % 5 = 0 and i <> 1 as annual, ${age("i")} as a, ${planIndex("i")} as p) x,
            lateral generate_series(0, case when st = 'cancelled' then x.a / 2 else x.a end) k,
            lateral (select ${start("i")} + k * interval '1 month' + interval '1 hour' as at,
                            ${price(`least(3, p + case when i % 17 = 0 and k >= x.a / 2 and x.a >= 2 then 1 else 0 end)`, "annual")} as amt,
                            (st = 'past_due' and k = x.a) or (i % 23 = 0 and k = x.a / 3) as failed,
                            case when st = 'past_due' and k = x.a then 'open' when i % 29 = 0 and k = x.a / 4 and x.a >= 4 then 'uncollectible' else 'paid' end as inv_status) y
       where st <> 'trialing' and (not annual or k % 12 = 0)`,
    // The upgrade's proration: a short period, counted as nothing.
    `insert into invoices (id, account_id, provider_invoice_id, provider_subscription_id, description, amount_due, amount_paid, status, period_start, period_end, issued_at)
       select 'bench-in-inv-' || i || '-up', 'bench-in-a-' || i, 'in_bench_in_' || i || '_up', 'sub_bench_in_' || i, 'Plan change', 9900, 9900, 'paid',
              at, at + interval '10 days', at
       from generate_series(1, ${n}) i, lateral (select ${start("i")} + (${age("i")} / 2) * interval '1 month' + interval '20 days' as at) x
       where i % 17 = 0 and ${age("i")} >= 2 and ${status("i")} <> 'trialing' and i % 5 <> 0`,
    // Overage billed last month, on its own invoice (not MRR).
    `insert into overage_entries (id, subscription_id, period_start, period_end, bill_now, status, total_amount, provider_invoice_id, submitted_at, created_at)
       select 'bench-in-ov-' || i, 'bench-in-s-' || i, date_trunc('month', now()) - interval '1 month', date_trunc('month', now()), false, 'billed', 2500 + i % 7 * 100,
              'in_bench_in_ov_' || i, date_trunc('month', now()) + interval '2 days', date_trunc('month', now()) + interval '2 days'
       from generate_series(1, ${n}) i where i % 50 = 3 and ${age("i")} >= 1 and ${status("i")} in ('active', 'past_due')`,
    `insert into invoices (id, account_id, provider_invoice_id, provider_subscription_id, description, amount_due, amount_paid, status, issued_at)
       select 'bench-in-inv-ov-' || o.subscription_id, s.account_id, o.provider_invoice_id, s.provider_subscription_id, 'Overage', o.total_amount, o.total_amount, 'paid', o.submitted_at
       from overage_entries o join subscriptions s on s.id = o.subscription_id where o.id like 'bench-in-ov-%'`,
    // The interactions, triggers off (the rollups are rebuilt at once below).
    `set session_replication_role = replica`,
    `insert into interactions (id, source_key, external_id, ai_ready_order_id, account_id, subscription_id, usage_month_start, channel, direction, outcome, started_at,
                               duration_ms, agent_messages, from_number, summary, appointment_booked, transfer_destination, after_hours, units_milli, unit_rule, source, spam_reported_at)
       select 'bench-in-x-' || g, 'platform:default', 'bench-in-x-' || g, ord, 'bench-in-a-' || acct, case when ord = 'bench-in-o-1b' then null else 'bench-in-s-' || acct end,
              case when ord = 'bench-in-o-1b' then null else date_trunc('month', at, 'UTC') end,
              ch::interaction_channel, 'inbound', oc::interaction_outcome, at,
              case when ch = 'phone' and oc not in ('no_answer', 'busy', 'failed') then 15000 + (g::bigint * 7919 % 600000)::int end,
              case when ch <> 'phone' then 1 + g % 30 end,
              '+1555' || lpad((g % 9999999)::text, 7, '0'), 'Caller asked about a ' || (array['leak','quote','boiler','drain','invoice'])[1 + g % 5] || ' and was helped',
              g % 7 = 0, case when oc = 'transferred' then (array['+15550100', '+15550101', 'sip:front-desk@example.com', null])[1 + g % 4] end,
              case when g % 5 = 0 then true when g % 5 = 1 then null else false end,
              case when oc in ('no_answer', 'busy', 'failed') then 0 else 1000 + g % 3 * 500 end, 'call', 'api',
              case when oc = 'spam' and g % 2 = 0 then at + interval '1 hour' end
       from generate_series(1, ${INTERACTIONS}) g,
            lateral (select case when g <= ${DEMO_INTERACTIONS} then 1 else 2 + g % ${n - 1} end as acct) a,
            lateral (select case when acct = 1 and g % 3 = 0 then 'bench-in-o-1b' else 'bench-in-o-' || acct end as ord,
                            now() - case when g <= ${DEMO_INTERACTIONS} then g * ${(DAYS * 86400) / DEMO_INTERACTIONS} else (g::bigint * 7919) % ${DAYS * 86400} end * interval '1 second' as at,
                            (array['phone','phone','phone','phone','phone','phone','phone','phone','phone','phone','phone','phone','sms','sms','sms','chat','chat','chat','chat','social'])[1 + (g * 13) % 20] as ch,
                            case when (g * 37) % 100 < 58 then 'answered' when (g * 37) % 100 < 66 then 'no_answer' when (g * 37) % 100 < 68 then 'busy' when (g * 37) % 100 < 69 then 'failed'
                                 when (g * 37) % 100 < 79 then 'voicemail' when (g * 37) % 100 < 92 then 'transferred' else 'spam' end as oc) x`,
    `set session_replication_role = default`,
    `select interaction_rollups_rebuild_all()`,
    // As autovacuum leaves a table after a bulk insert: statistics, and the visibility map (index-only scans).
    `vacuum analyze`,
  ];
}
