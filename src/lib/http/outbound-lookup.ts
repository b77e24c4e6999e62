import "server-only";
import { lookup as systemLookup } from "node:dns/promises";
import type { LookupAddress, LookupOptions } from "node:dns";
import { blockedRange } from "./address-ranges";
import { OutboundRequestError } from "./outbound-errors";

/** Every address a name resolves to (the system resolver by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => systemLookup(hostname, { all: true, order: "verbatim" });

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect (undici's `connect.lookup`): resolves the
 * name, refuses it when ANY of its addresses lies in a refused range, and
 * hands the socket exactly the addresses it checked. The check and the
 * connection use one resolution, so a name that changes its answer between
 * the two (DNS rebinding) never reaches an unchecked address. With
 * `check: false` (hosts named in OUTBOUND_ALLOW_HOSTS) it only resolves.
 */
export function resolvingLookup(resolve: Resolver, { check }: { check: boolean }) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname)
      .then((addresses) => {
        if (!addresses.length) throw new OutboundRequestError("unreachable", `${hostname} has no address`);
        if (check)
          for (const { address } of addresses) {
            const range = blockedRange(address);
            if (range) throw new OutboundRequestError("blocked", `${hostname} resolves to ${address} (${range}); outbound requests never go there`);
          }
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!wanted.length) throw new OutboundRequestError("unreachable", `${hostname} has no IPv${options.family} address`);
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, ""));
  };
}
