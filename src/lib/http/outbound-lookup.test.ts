import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { OutboundRequestError } from "./outbound-errors";
import { resolvingLookup } from "./outbound-lookup";

type Answer = { err: Error | null; address: string | LookupAddress[]; family?: number };

/** Calls the lookup the way net.connect does and returns what the socket would be given. */
function lookup(addresses: LookupAddress[], options: { all?: boolean; family?: number }, check = true): Promise<Answer> {
  const fn = resolvingLookup(async () => addresses, { check });
  return new Promise((resolve) => fn("recordings.example.com", options, (err, address, family) => resolve({ err, address, family })));
}

describe("the lookup the guarded connections use", () => {
  const publicV4 = { address: "93.184.216.34", family: 4 };
  const publicV6 = { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 };

  it("hands the socket exactly the addresses it checked, in both of net.connect's forms", async () => {
    expect(await lookup([publicV4, publicV6], { all: true })).toEqual({ err: null, address: [publicV4, publicV6], family: undefined });
    expect(await lookup([publicV4, publicV6], {})).toEqual({ err: null, address: publicV4.address, family: 4 });
    expect(await lookup([publicV4, publicV6], { family: 6 })).toEqual({ err: null, address: publicV6.address, family: 6 });
  });

  it("refuses the name when any one of its addresses is refused", async () => {
    for (const bad of ["127.0.0.1", "::ffff:127.0.0.1", "10.0.0.5", "169.254.169.254", "64:ff9b::a00:1"]) {
      const { err } = await lookup([publicV4, { address: bad, family: bad.includes(":") ? 6 : 4 }], { all: true });
      expect(err, bad).toBeInstanceOf(OutboundRequestError);
      expect((err as OutboundRequestError).failure).toBe("blocked");
      expect(err!.message).toContain(bad);
    }
  });

  it("only resolves for a host named in OUTBOUND_ALLOW_HOSTS", async () => {
    expect(await lookup([{ address: "127.0.0.1", family: 4 }], {}, false)).toEqual({ err: null, address: "127.0.0.1", family: 4 });
  });
});
