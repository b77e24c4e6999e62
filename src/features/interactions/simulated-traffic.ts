/**
 * The simulated calls, texts and chats of `npm run simulate:calls`, for the
 * app's own code (the demo customer's seeded month, demo-activity.server.ts).
 * One generator for both: it lives in scripts/simulated-traffic.mjs, plain
 * JavaScript that the script runs without a build.
 */
export { simulatedTraffic } from "../../../scripts/simulated-traffic.mjs";
