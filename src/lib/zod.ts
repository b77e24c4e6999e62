import { z } from "zod";

/**
 * Zod as the product uses it; import from here, never from "zod" (lint checks).
 * Zod compiles object parsers with `new Function` where a page allows eval, and
 * probes for it when a schema is made. Signed-in pages forbid eval (CSP without
 * 'unsafe-eval'), and the probe is reported as a violation: parse without it.
 */
z.config({ jitless: true });

export * from "zod";
