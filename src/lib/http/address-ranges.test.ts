import { describe, expect, it } from "vitest";
import { blockedRange, isIpLiteral } from "./address-ranges";

/** Issue 21, "Outbound requests from our server": which addresses the server refuses to reach. */
describe("blockedRange", () => {
  it.each([
    // The audit's own examples: loopback however it is written.
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["0:0:0:0:0:ffff:7f00:1", "loopback"],
    // Judged by the IPv4 address inside, and refused even when that one is public.
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "cloud-metadata"],
    ["::ffff:8.8.8.8", "ipv4-mapped"],
    // NAT64 would carry the request to any IPv4 address, 127.0.0.1 included.
    ["64:ff9b::7f00:1", "nat64"],
    ["64:ff9b::8.8.8.8", "nat64"],
    ["64:ff9b:1::a00:1", "nat64"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["169.254.169.254", "cloud-metadata"],
    ["fd00:ec2::254", "cloud-metadata"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["::127.0.0.1", "reserved"],
    ["2002:7f00:1::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["not-an-address", "reserved"],
  ])("refuses %s (%s)", (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1", "192.169.0.1", "169.253.1.1", "2606:4700:4700::1111", "[2a00:1450:4001:81c::200e]"])(
    "lets the public address %s through",
    (address) => {
      expect(blockedRange(address)).toBeNull();
    },
  );
});

describe("isIpLiteral", () => {
  it("tells addresses from names", () => {
    expect(isIpLiteral("127.0.0.1")).toBe(true);
    expect(isIpLiteral("[::ffff:7f00:1]")).toBe(true);
    expect(isIpLiteral("localhost")).toBe(false);
    expect(isIpLiteral("recordings.example.com")).toBe(false);
  });
});
