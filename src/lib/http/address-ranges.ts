import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * The address ranges the server never sends a request to (ADR 0103). Matching
 * is Node's own `net.BlockList`, which also judges an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, ::ffff:7f00:1) by the IPv4 address inside it.
 */
export type BlockedRange = "cloud-metadata" | "loopback" | "unspecified" | "private" | "link-local" | "cgnat" | "nat64" | "ipv4-mapped" | "multicast" | "broadcast" | "reserved";

type Subnet = [address: string, prefix: number];

/** Checked in this order, so an address is named by its most telling range. */
const RANGES: Array<[BlockedRange, Subnet[]]> = [
  [
    "cloud-metadata",
    [
      ["169.254.169.254", 32],
      ["fd00:ec2::254", 128],
    ],
  ],
  [
    "loopback",
    [
      ["127.0.0.0", 8],
      ["::1", 128],
    ],
  ],
  [
    "unspecified",
    [
      ["0.0.0.0", 8],
      ["::", 128],
    ],
  ],
  [
    "private",
    [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
      ["fc00::", 7],
    ],
  ],
  [
    "link-local",
    [
      ["169.254.0.0", 16],
      ["fe80::", 10],
    ],
  ],
  ["cgnat", [["100.64.0.0", 10]]],
  [
    "nat64",
    [
      ["64:ff9b::", 96],
      ["64:ff9b:1::", 48],
    ],
  ],
  [
    "multicast",
    [
      ["224.0.0.0", 4],
      ["ff00::", 8],
    ],
  ],
  ["broadcast", [["255.255.255.255", 32]]],
  [
    "reserved",
    [
      // IPv4: IETF assignments, documentation, the old 6to4 relay, benchmarking, "future use".
      ["192.0.0.0", 24],
      ["192.0.2.0", 24],
      ["192.88.99.0", 24],
      ["198.18.0.0", 15],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
      ["240.0.0.0", 4],
      // IPv6: IPv4-compatible (deprecated), discard, Teredo, documentation, 6to4, site-local (deprecated).
      ["::", 96],
      ["100::", 64],
      ["2001::", 32],
      ["2001:db8::", 32],
      ["2002::", 16],
      ["3fff::", 20],
      ["fec0::", 10],
    ],
  ],
];

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

function blockList(subnets: Subnet[]): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of subnets) list.addSubnet(address, prefix, familyOf(address));
  return list;
}

const LISTS = RANGES.map(([name, subnets]) => [name, blockList(subnets)] as const);
/** ::ffff:0:0/96, only ever checked against IPv6 input (BlockList would match every IPv4 address to it). */
const IPV4_MAPPED = blockList([["::ffff:0:0", 96]]);
/** Global unicast: every IPv6 address a public server may have lies in 2000::/3. */
const GLOBAL_UNICAST_V6 = blockList([["2000::", 3]]);

/** An IP literal as written in a URL or by a resolver: brackets and a zone (`%eth0`) taken off. */
function bare(address: string): string {
  return address.trim().replace(/^\[(.*)\]$/, "$1");
}

/**
 * The range that makes `address` (an IPv4 or IPv6 literal) one the server
 * must not reach, or null for a public address. Anything that is not an IP
 * literal, or carries an IPv6 zone, is "reserved": refused, never guessed at.
 */
export function blockedRange(address: string): BlockedRange | null {
  const ip = bare(address);
  if (ip.includes("%")) return "link-local";
  const version = isIP(ip);
  if (version === 0) return "reserved";
  const family = version === 6 ? "ipv6" : "ipv4";
  for (const [name, list] of LISTS) if (list.check(ip, family)) return name;
  if (family === "ipv6") {
    if (IPV4_MAPPED.check(ip, "ipv6")) return "ipv4-mapped";
    if (!GLOBAL_UNICAST_V6.check(ip, "ipv6")) return "reserved";
  }
  return null;
}

/** True for an IPv4 or IPv6 literal (brackets allowed), as opposed to a name to resolve. */
export function isIpLiteral(host: string): boolean {
  return isIP(bare(host)) !== 0;
}
