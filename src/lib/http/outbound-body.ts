import "server-only";
import { OutboundRequestError } from "./outbound-errors";

/**
 * `source` passed through as it is read, counting bytes: past `maxBytes` the
 * stream fails with a `too_large` OutboundRequestError and `abort` cuts the
 * connection. A failure of the source (the total-time cap firing, the peer
 * hanging up) fails the stream with `describe(err)`. `settle` runs once, when
 * the body ended, failed or was cancelled by its reader.
 */
export function cappedBody(
  source: ReadableStream<Uint8Array>,
  opts: { maxBytes: number; abort: (reason: Error) => void; describe: (err: unknown) => Error; settle: () => void },
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    opts.settle();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          settle();
          controller.error(opts.describe(err));
          return;
        }
        if (chunk.done) {
          settle();
          controller.close();
          return;
        }
        seen += chunk.value.byteLength;
        if (seen > opts.maxBytes) {
          const tooLarge = new OutboundRequestError("too_large", `the answer is larger than ${opts.maxBytes} bytes`);
          opts.abort(tooLarge);
          reader.cancel(tooLarge).catch(() => {});
          settle();
          controller.error(tooLarge);
          return;
        }
        controller.enqueue(chunk.value);
      },
      async cancel(reason) {
        settle();
        await reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
