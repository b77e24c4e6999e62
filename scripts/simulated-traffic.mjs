// Simulated calls, texts and chats of one AI employee, as records of
// POST /api/v1/interactions (issue 13). Pure and deterministic: the same
// options (seed and end time included) give the same records. Used by
// `npm run simulate:calls` (scripts/simulate-calls.mjs) and reusable by
// benchmarks. Phone numbers are in the fictional 555-01xx range.

const HOUR = 3_600_000;

/** Each business's words: what it sells, what goes wrong, what the emergency advice is. */
const TRADES = {
  plumbing: {
    business: "Bayview Plumbing & Heating",
    who: "a plumber",
    services: [
      ["drain cleaning", 149],
      ["water heater inspection", 119],
      ["leaky faucet repair", 129],
      ["toilet repair", 139],
      ["sewer camera inspection", 249],
    ],
    emergencies: ["a burst pipe under the kitchen sink", "water coming through the ceiling", "a leaking water heater flooding the garage", "a sewer backup in the basement"],
    advice: "please shut off the main water valve, usually next to the water meter",
    emergencyFee: 129,
  },
  hvac: {
    business: "Summit Heating & Air",
    who: "a technician",
    services: [
      ["furnace tune-up", 89],
      ["AC tune-up", 99],
      ["duct cleaning", 399],
      ["thermostat installation", 179],
      ["heat pump diagnostic", 129],
    ],
    emergencies: ["no heat and it's 40 degrees inside", "a furnace that smells like gas", "an AC that stopped cooling with a newborn at home", "a furnace making a loud banging noise"],
    advice: "if you smell gas, please leave the house now and call the gas company from outside",
    emergencyFee: 149,
  },
  dental: {
    business: "Bright Smile Dental",
    who: "the dentist",
    services: [
      ["cleaning and checkup", 129],
      ["teeth whitening", 349],
      ["filling", 185],
      ["new patient exam", 99],
      ["night guard fitting", 295],
    ],
    emergencies: ["a cracked molar and a lot of pain", "a knocked-out front tooth", "a swollen jaw from a toothache", "a lost crown"],
    advice: "rinse with warm salt water and keep a cold compress on your cheek",
    emergencyFee: 95,
  },
};

const FIRST = ["Maria", "James", "Aisha", "Daniel", "Priya", "Kevin", "Sofia", "Marcus", "Emily", "Luis", "Hannah", "Omar", "Grace", "Tyler", "Mei", "Jamal", "Olivia", "Ethan", "Rosa", "Noah"];
const STREETS = ["Ocean View Dr", "Maple Ave", "Cedar Ln", "Elm St", "Harbor Blvd", "Lakeshore Rd", "Birch Ct", "Willow Way", "Sunset Ave", "Mission St"];
const AREA_CODES = ["415", "510", "650", "408", "212", "312", "617", "303", "512", "206", "404", "602"];
const SLOTS = ["8:00 AM", "9:30 AM", "11:00 AM", "1:00 PM", "2:30 PM", "4:00 PM"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const SPAM = [
  ["Robocall offering a business line of credit", "Congratulations, your business has been pre-approved for a line of credit up to two hundred fifty thousand dollars. Press one to"],
  ["Robocall about the business's Google listing", "This is an urgent message about your Google business listing. Your listing will be removed unless"],
  ["Caller selling extended vehicle warranties", "We've been trying to reach you concerning your vehicle's extended warranty."],
  ["Silent call with background noise, likely an autodialer", "Hello? ... Hello?"],
];

/** Mix of what happens in a day, by weight (sums to 100). */
const KINDS = [
  ["inbound_answered", 40],
  ["inbound_transferred", 4],
  ["inbound_spam", 4],
  // What lands in the dashboard's "needs attention" inbox (issue 23, ADR 0115).
  ["inbound_missed", 4],
  ["inbound_voicemail", 4],
  ["outbound_answered", 8],
  ["outbound_voicemail", 7],
  ["outbound_no_answer", 5],
  ["outbound_busy", 2],
  ["outbound_failed", 1],
  ["sms", 12],
  ["chat", 9],
];

/** Calls by local hour: quiet nights, busy business hours, a lunch dip. */
const HOUR_WEIGHT = [0.03, 0.02, 0.02, 0.02, 0.03, 0.08, 0.25, 0.7, 1.5, 1.7, 1.7, 1.5, 1.1, 1.3, 1.5, 1.4, 1.3, 1.0, 0.6, 0.45, 0.35, 0.2, 0.1, 0.05];
/** By local weekday, Sunday first. */
const DAY_WEIGHT = [0.25, 1, 1, 1, 1, 0.95, 0.45];

/** mulberry32: a small seeded generator, enough for simulated traffic (and for tests that want the same run from the same seed). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const weighted = (entries) => {
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of entries) if ((r -= w) < 0) return value;
    return entries[entries.length - 1][0];
  };
  return { next, int, pick, weighted };
}

/** Seconds of an answered call: some under 30 s, most 1 to 4 minutes, a few 6 to 12. */
function answeredSeconds(r) {
  return r.weighted([
    [() => r.int(6, 29), 10],
    [() => r.int(30, 59), 10],
    [() => r.int(60, 240), 64],
    [() => r.int(241, 359), 9],
    [() => r.int(360, 720), 7],
  ])();
}

const agentMessageCount = (r) =>
  r.weighted([
    [() => r.int(2, 8), 60],
    [() => r.int(9, 20), 30],
    [() => r.int(21, 40), 10],
  ])();

const phone = (r) => `+1${r.pick(AREA_CODES)}55501${String(r.int(0, 99)).padStart(2, "0")}`;

/** What the conversation is about, with its summary and a handful of turns (speaker, text). */
function conversation(r, trade, when, channel) {
  const name = r.pick(FIRST);
  const [service, price] = r.pick(trade.services);
  const day = DAYS[(when.getUTCDay() + r.int(1, 3)) % 7];
  const slot = r.pick(SLOTS);
  const address = `${r.int(12, 4980)} ${r.pick(STREETS)}`;
  const hi = channel === "phone" ? `Thanks for calling ${trade.business}, how can I help?` : `Hi! This is the assistant at ${trade.business}. How can I help?`;
  const topic = r.weighted([
    ["booking", 45],
    ["price", 25],
    ["emergency", 12],
    ["hours", 8],
    ["reschedule", 10],
  ]);
  if (topic === "booking")
    return {
      tags: ["booking"],
      booked: true,
      summary: `${name} booked a ${service} for ${day} at ${slot} (${address}).`,
      turns: [
        ["agent", hi],
        ["caller", `Hi, this is ${name}. I'd like to schedule a ${service}.`],
        ["agent", `Happy to help, ${name}. I have ${day} at ${slot} or ${r.pick(SLOTS)}. Which works better?`],
        ["caller", `${day} at ${slot} is good.`],
        ["agent", "Great. What's the address?"],
        ["caller", address],
        ["agent", `You're booked for ${day} at ${slot}. You'll get a confirmation text shortly.`],
      ],
    };
  if (topic === "price") {
    const books = r.next() < 0.4;
    return {
      tags: books ? ["pricing"] : ["pricing", "appointment-requested"],
      booked: books,
      summary: `${name} asked what a ${service} costs (from $${price})${books ? `; booked for ${day} at ${slot}` : "; no appointment yet"}.`,
      turns: [
        ["agent", hi],
        ["caller", `How much do you charge for a ${service}?`],
        ["agent", `A ${service} starts at $${price}. Any extra work is quoted before we start.`],
        ["caller", books ? `OK, can I come in or have someone out ${day}?` : "OK, thanks. I'll talk it over and call back."],
        ["agent", books ? `Yes, ${day} at ${slot} is open. I've booked it for you, ${name}.` : `Of course. Just call or text this number when you're ready, ${name}.`],
      ],
    };
  }
  if (topic === "emergency") {
    const problem = r.pick(trade.emergencies);
    return {
      tags: ["emergency", "urgent"],
      booked: true,
      summary: `Emergency: ${name} reported ${problem}. Advised on safety; ${trade.who} booked for today (emergency fee $${trade.emergencyFee}).`,
      turns: [
        ["agent", hi],
        ["caller", `I need help right away, I have ${problem}.`],
        ["agent", `I'm sorry, ${name}. First, ${trade.advice}. Is everyone safe?`],
        ["caller", "Yes, everyone's fine. Can someone come today?"],
        ["agent", `Yes. I can get ${trade.who} to you within two hours. The emergency visit fee is $${trade.emergencyFee}. Shall I book it?`],
        ["caller", `Yes please. I'm at ${address}.`],
        ["agent", "Done. You'll get a text when they're on the way."],
      ],
    };
  }
  if (topic === "hours")
    return {
      tags: ["question"],
      booked: false,
      summary: `${name} asked about opening hours and Saturday appointments.`,
      turns: [
        ["agent", hi],
        ["caller", "Are you open on Saturdays?"],
        ["agent", "We're open Monday to Friday 7 AM to 6 PM and Saturday 8 AM to noon."],
        ["caller", "Perfect, thanks."],
      ],
    };
  return {
    tags: ["reschedule"],
    booked: true,
    summary: `${name} moved their ${service} to ${day} at ${slot}.`,
    turns: [
      ["agent", hi],
      ["caller", `Hi, it's ${name}. I need to move my ${service} appointment.`],
      ["agent", `No problem. The next openings are ${day} at ${slot} or ${r.pick(SLOTS)}.`],
      ["caller", `${day} at ${slot}, please.`],
      ["agent", `All set: ${day} at ${slot}. See you then, ${name}.`],
    ],
  };
}

/** The turns with their times, spread over `spanMs` from the start. */
function timed(turns, start, spanMs) {
  return turns.map(([speaker, text], k) => ({ speaker, text, at: new Date(start + Math.floor((spanMs * k) / turns.length)).toISOString() }));
}

/** Hourly slots over the window, each weighted by its local hour and weekday and by how much of it lies inside. */
function slots(from, end, utcOffsetHours) {
  const out = [];
  let total = 0;
  for (let t = Math.floor(from / HOUR) * HOUR; t < end; t += HOUR) {
    const lo = Math.max(t, from);
    const hi = Math.min(t + HOUR, end);
    const local = new Date(t + utcOffsetHours * HOUR);
    total += HOUR_WEIGHT[local.getUTCHours()] * DAY_WEIGHT[local.getUTCDay()] * ((hi - lo) / HOUR);
    out.push({ lo, hi, cum: total });
  }
  return { out, total };
}

/**
 * `days * perDay` records (calls, texts and chats) of one AI employee over the
 * `days` days before `end` (a Date or milliseconds), business hours weighted, oldest first. Give
 * `aiEmployeeId` or `aiPhoneNumber` (or both: the number then fills in the AI's side of from/to); answered calls get a recording at
 * `<baseUrl>/recordings/sample-N.wav` (the app's own address: the API takes
 * plain http there, https anywhere else). `trade` (plumbing, hvac, dental) defaults by seed.
 */
export function simulatedTraffic({ seed = 1, days = 1, perDay = 40, end: endAt, aiEmployeeId, aiPhoneNumber, baseUrl, trade, utcOffsetHours = -5 } = {}) {
  if (!aiEmployeeId && !aiPhoneNumber) throw new Error("simulatedTraffic: give aiEmployeeId or aiPhoneNumber");
  const end = endAt instanceof Date ? endAt.getTime() : endAt;
  if (typeof end !== "number" || !Number.isFinite(end)) throw new Error("simulatedTraffic: end must be a Date or a time in milliseconds");
  const r = rng(seed);
  const names = Object.keys(TRADES);
  const business = TRADES[trade ?? names[(seed >>> 0) % names.length]];
  if (!business) throw new Error(`simulatedTraffic: trade must be one of ${names.join(", ")}`);
  const recordings = baseUrl ? baseUrl.replace(/\/+$/, "") : null;
  const from = end - days * 24 * HOUR;
  const { out: hours, total } = slots(from, end, utcOffsetHours);
  const count = Math.round(days * perDay);
  const idBase = `sim-${seed}-${Math.floor(end / 1000).toString(36)}`;
  const starts = Array.from({ length: count }, () => {
    const x = r.next() * total;
    let lo = 0;
    let hi = hours.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (hours[mid].cum > x) hi = mid;
      else lo = mid + 1;
    }
    return hours[lo].lo + Math.floor(r.next() * (hours[lo].hi - hours[lo].lo));
  }).sort((a, b) => a - b);

  return starts.map((planned, i) => {
    const kind = r.weighted(KINDS);
    const who = phone(r);
    const base = { id: `${idBase}-${i}`, ...(aiEmployeeId ? { aiEmployeeId } : {}), ...(aiPhoneNumber ? { aiPhoneNumber } : {}) };
    const numbers = (direction) => (direction === "inbound" ? { from: who, ...(aiPhoneNumber ? { to: aiPhoneNumber } : {}) } : { ...(aiPhoneNumber ? { from: aiPhoneNumber } : {}), to: who });

    if (kind === "sms" || kind === "chat") {
      const direction = kind === "sms" && r.next() < 0.2 ? "outbound" : "inbound";
      const talk = conversation(r, business, new Date(planned), kind);
      const startedAt = Math.min(planned, end - 60_000);
      return {
        ...base,
        channel: kind,
        direction,
        startedAt: new Date(startedAt).toISOString(),
        outcome: "answered",
        agentMessages: agentMessageCount(r),
        ...(kind === "sms" ? numbers(direction) : {}),
        summary: talk.summary,
        transcript: timed(talk.turns, startedAt, Math.min(10 * 60_000, end - startedAt)),
        appointmentBooked: talk.booked,
        tags: [...talk.tags, kind],
      };
    }

    const direction = kind.startsWith("inbound") ? "inbound" : "outbound";
    const outcome = {
      inbound_answered: "answered",
      inbound_missed: r.pick(["no_answer", "busy"]),
      inbound_voicemail: "voicemail",
      inbound_transferred: "transferred",
      inbound_spam: "spam",
      outbound_answered: "answered",
      outbound_voicemail: "voicemail",
      outbound_no_answer: "no_answer",
      outbound_busy: "busy",
      outbound_failed: "failed",
    }[kind];
    const seconds = outcome === "answered" ? answeredSeconds(r) : outcome === "transferred" ? r.int(45, 300) : outcome === "spam" ? r.int(4, 20) : outcome === "voicemail" ? r.int(15, 45) : 0;
    const startedAt = Math.min(planned, end - seconds * 1000 - 1000);
    const call = { ...base, channel: "phone", direction, startedAt: new Date(startedAt).toISOString(), durationSeconds: seconds, outcome, ...numbers(direction) };
    const name = r.pick(FIRST);
    let talk;
    if (outcome === "spam") {
      const [summary, line] = r.pick(SPAM);
      talk = {
        summary: `${summary}; the AI ended the call.`,
        turns: [
          ["caller", line],
          ["agent", "We're not interested, thank you. Goodbye."],
        ],
        tags: ["spam"],
        booked: false,
      };
    } else if (outcome === "transferred") {
      talk = {
        summary: `${name} asked for the owner about an invoice; transferred to the office.`,
        turns: [
          ["agent", `Thanks for calling ${business.business}, how can I help?`],
          ["caller", `Hi, it's ${name}. I have a question about my last invoice, can I talk to the owner?`],
          ["agent", "Of course, let me transfer you to the office now."],
        ],
        tags: ["transfer"],
        booked: false,
      };
    } else if (direction === "inbound" && outcome === "voicemail") {
      talk = {
        summary: `${name} left a voicemail asking to be called back about an appointment.`,
        turns: [["caller", `Hi, it's ${name}. I'd like to book an appointment, please call me back.`]],
        tags: ["voicemail", "appointment-requested"],
        booked: false,
      };
    } else if (direction === "inbound" && outcome !== "answered") {
      talk = { summary: `Missed call from ${name}: ${outcome === "busy" ? "the line was busy" : "nobody answered"}.`, turns: null, tags: ["missed"], booked: false };
    } else if (outcome === "voicemail") {
      const day = DAYS[(new Date(startedAt).getUTCDay() + r.int(1, 3)) % 7];
      talk = {
        summary: `Left ${name} a voicemail reminding them of ${day}'s appointment.`,
        turns: [["agent", `Hi ${name}, this is ${business.business} reminding you of your appointment on ${day}. Reply to our text or call us back to confirm. Thank you!`]],
        tags: ["reminder"],
        booked: false,
      };
    } else if (outcome !== "answered") {
      talk = {
        summary: `Callback to ${name}: ${outcome === "no_answer" ? "no answer" : outcome === "busy" ? "line busy" : "the call could not be placed"}.`,
        turns: null,
        tags: ["callback"],
        booked: false,
      };
    } else if (direction === "outbound") {
      const confirmed = r.next() < 0.8;
      talk = {
        summary: confirmed ? `${name} confirmed tomorrow's appointment.` : `${name} asked to move tomorrow's appointment; a new time was offered by text.`,
        turns: [
          ["agent", `Hi ${name}, this is ${business.business} calling to confirm your appointment tomorrow. Does that still work?`],
          ["caller", confirmed ? "Yes, that's fine, see you then." : "Actually, something came up. Can we move it?"],
          ["agent", confirmed ? "Perfect, you're all set. Have a great day!" : "No problem, I'll text you the next openings right away."],
        ],
        tags: ["reminder"],
        booked: false,
      };
    } else {
      talk = conversation(r, business, new Date(startedAt), "phone");
      if (seconds < 30) talk = { summary: `${name} hung up before saying what they needed.`, turns: [talk.turns[0], ["caller", "Oh, sorry, wrong number."]], tags: ["short"], booked: false };
    }
    const sample = r.int(1, 3); // drawn whether or not it is used, so the recordings' URL changes no other value
    const recorded = recordings && (outcome === "answered" || outcome === "transferred");
    return {
      ...call,
      summary: talk.summary,
      ...(talk.turns ? { transcript: timed(talk.turns, startedAt, seconds * 1000) } : {}),
      ...(recorded ? { recordingUrl: `${recordings}/recordings/sample-${sample}.wav` } : {}),
      appointmentBooked: talk.booked,
      tags: talk.tags,
    };
  });
}

/** Splits records into batches of at most `size` (the API takes up to 1,000; the simulator sends 500). */
export function batches(records, size = 500) {
  const out = [];
  for (let i = 0; i < records.length; i += size) out.push(records.slice(i, i + size));
  return out;
}
