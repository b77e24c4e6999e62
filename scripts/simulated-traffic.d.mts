// Types of simulated-traffic.mjs, for TypeScript callers (tests, benchmarks).

export type SimulatedTurn = { speaker: "agent" | "caller"; text: string; at: string };

export type SimulatedRecord = {
  id: string;
  aiEmployeeId?: string;
  aiPhoneNumber?: string;
  channel: "phone" | "sms" | "chat";
  direction: "inbound" | "outbound";
  startedAt: string;
  durationSeconds?: number;
  outcome: "answered" | "voicemail" | "no_answer" | "busy" | "failed" | "spam" | "transferred";
  agentMessages?: number;
  from?: string;
  to?: string;
  summary: string;
  transcript?: SimulatedTurn[];
  recordingUrl?: string;
  appointmentBooked: boolean;
  tags: string[];
};

export type SimulatedTrafficOptions = {
  seed?: number;
  days?: number;
  perDay?: number;
  /** The end of the simulated period (usually now). */
  end: Date | number;
  aiEmployeeId?: string;
  aiPhoneNumber?: string;
  /** The app's address: answered calls get `<baseUrl>/recordings/sample-N.wav` (plain http is accepted only on the app's own address). */
  baseUrl?: string;
  trade?: "plumbing" | "hvac" | "dental";
  /** The business's time zone as an offset from UTC, for the business-hours weighting (default -5). */
  utcOffsetHours?: number;
};

export function simulatedTraffic(options: SimulatedTrafficOptions): SimulatedRecord[];
export function batches<T>(records: T[], size?: number): T[][];

/** mulberry32: the same seed, the same sequence. `int(lo, hi)` includes both ends. */
export function rng(seed: number): {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(list: readonly T[]) => T;
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
};
