import { startJobLoop } from "./outbox";
import { registerAllJobHandlers } from "./registry";

let stop: (() => void) | undefined;

export function startWorkers(): void {
  registerAllJobHandlers();
  stop ??= startJobLoop();
}

export function stopWorkers(): void {
  stop?.();
  stop = undefined;
}
