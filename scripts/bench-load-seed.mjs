// The seed of `npm run bench:load`: set-based SQL (generate_series), so that
// 100,000 users go in within seconds. Every row is marked as the benchmark's
// (ids bench-*, addresses @bench.example) and a reseed removes only those.

const FIRST = ["Ava", "Liam", "Maya", "Noah", "Zoe", "Ethan", "Iris", "Omar", "Lena", "Caleb", "Nora", "Mateo", "Ruby", "Hugo", "Aisha", "Felix", "Greta", "Jonas", "Priya", "Tariq"];
const LAST = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Tanaka",
  "Schmidt",
  "Alvarez",
  "Kowalski",
  "Nguyen",
  "Haddad",
  "OBrien",
  "Rossi",
  "Fischer",
  "Novak",
  "Silva",
  "Kaur",
  "Dubois",
  "Jensen",
  "Murphy",
  "Costa",
  "Weber",
  "Park",
  "Ivanova",
  "Mensah",
  "Larsen",
  "Ortiz",
];
const EMPLOYEES = ["Aria", "Sophie", "Max", "Luna", "Otto", "Nova", "Remy", "Sage", "Theo", "Vera"];
const PLANS = ["small", "medium", "large", "corp"];

/** A surname that exists in the seed (the admin search figure looks for it). */
export const ADMIN_SEARCH_NAME = "Lindqvist";

const arr = (values) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

/**
 * The statements, in order: remove an earlier seed, then users (each the owner
 * of a business account with the user's id, as migration 0012 made them),
 * orders, subscriptions, a year of usage, notifications.
 */
export function seedSql({ users, subscriptions }) {
  const step = Math.floor(users / subscriptions);
  const userOf = (i) => `'bench-u-' || (${i} * ${step})`;
  return [
    `delete from notifications where id like 'bench-n-%'`,
    `delete from ai_ready_orders where id like 'bench-o-%'`,
    `delete from organization where id like 'bench-u-%'`,
    `delete from "user" where email like '%@bench.example'`,
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role, created_at, updated_at)
       select 'bench-u-' || i, f || ' ' || l, lower(f || '.' || l || i) || '@bench.example', true, f, l, 'customer',
              now() - (i % 700) * interval '1 day', now()
       from generate_series(1, ${users}) i,
            lateral (select (${arr(FIRST)})[1 + i % ${FIRST.length}] as f, (${arr(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] as l) n`,
    `insert into "user" (id, name, email, email_verified, first_name, last_name, role)
       values ('bench-admin', 'Bench Admin', 'admin@bench.example', true, 'Bench', 'Admin', 'admin')`,
    `insert into organization (id, name, slug, created_at) select id, name, 'account-' || id, created_at from "user" where id like 'bench-u-%'`,
    `insert into member (id, organization_id, user_id, role, created_at) select 'member-' || id, id, id, 'owner', created_at from "user" where id like 'bench-u-%'`,
    `insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, status, subscription_id, claimed_by_user_id, account_id, created_at, updated_at)
       select 'bench-o-' || i, (${arr(EMPLOYEES)})[1 + i % ${EMPLOYEES.length}] || ' ' || i, '+1555' || lpad(i::text, 7, '0'),
              u.email, 'https://chat.example.com/' || i, 'active', 'bench-s-' || i, u.id, u.id, u.created_at, now()
       from generate_series(1, ${subscriptions}) i join "user" u on u.id = ${userOf("i")}`,
    `insert into payment_customers (account_id, provider_customer_id)
       select ${userOf("i")}, 'cus_bench_' || i from generate_series(1, ${subscriptions}) i`,
    `insert into subscriptions (id, account_id, plan_id, billing, status, cancel_at_period_end, current_period_start, current_period_end,
                                provider_customer_id, provider_subscription_id, provider_status, ai_ready_order_id, created_at, updated_at)
       select 'bench-s-' || i, ${userOf("i")}, (${arr(PLANS)})[1 + i % ${PLANS.length}], case when i % 5 = 0 then 'annual' else 'monthly' end,
              s.status::subscription_status, i % 11 = 0, date_trunc('month', now()), date_trunc('month', now()) + interval '1 month',
              'cus_bench_' || i, 'sub_bench_' || i, case s.status when 'cancelled' then 'canceled' else s.status end, 'bench-o-' || i,
              now() - (i % 400) * interval '1 day', now()
       from generate_series(1, ${subscriptions}) i,
            lateral (select case when i % 10 < 7 then 'active' when i % 10 < 8 then 'trialing' when i % 10 < 9 then 'past_due' else 'cancelled' end as status) s`,
    `insert into usage_records (id, subscription_id, account_id, billing_cycle_id, period_start, period_end, phone_inbound, phone_outbound, text_inbound, text_outbound, recorded_by, reported_at, created_at)
       select 'bench-r-' || i || '-' || m, 'bench-s-' || i, ${userOf("i")}, 'bench-c-' || i || '-' || m,
              date_trunc('month', now()) - m * interval '1 month', date_trunc('month', now()) - (m - 1) * interval '1 month',
              (i * 7 + m * 13) % 60, (i + m) % 15, (i * 3 + m) % 40, (i + m * 5) % 25, 'bench', now(),
              date_trunc('month', now()) - m * interval '1 month' + interval '20 days'
       from generate_series(1, ${subscriptions}) i, generate_series(0, 11) m`,
    `insert into notifications (id, type, title, message, priority, is_read, created_at)
       select 'bench-n-' || i, 'trial_started', 'Trial started', 'Customer ' || i || ' started a 14-day trial.',
              'normal', i % 3 <> 0, now() - i * interval '1 minute'
       from generate_series(1, ${subscriptions * 2}) i`,
    `analyze`,
  ];
}
