import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** Structured JSON logs; pipe through `pino-pretty` locally for colour. */
export const logger = pino({ level, base: { app: "ai-employees" }, redact: ["req.headers.cookie", "*.password", "*.secret"] });
