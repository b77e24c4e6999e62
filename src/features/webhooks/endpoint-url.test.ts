import { describe, expect, it } from "vitest";
import { parseAllowedHost, type AllowedHost } from "@/lib/http/outbound-allow-hosts";
import { checkEndpointUrl } from "./endpoint-url.server";

const none: AllowedHost[] = [];
const allow = (...entries: string[]) => entries.map((e) => parseAllowedHost(e)!);

describe("checkEndpointUrl", () => {
  it("accepts a public https URL, in the parser's normal form", () => {
    expect(checkEndpointUrl("https://Hooks.Example.com/in?x=1", none)).toEqual({ ok: true, url: "https://hooks.example.com/in?x=1" });
    expect(checkEndpointUrl("https://93.184.215.14:8443/hook", none)).toEqual({ ok: true, url: "https://93.184.215.14:8443/hook" });
  });

  it.each([
    ["example.com/hook", "must be an absolute URL"],
    ["/hook", "must be an absolute URL"],
    ["ftp://example.com/hook", "must use https (not ftp)"],
    ["http://example.com/hook", "must use https"],
    ["https://user:pass@example.com/hook", "must not contain a user name or password"],
    ["https://user@example.com/hook", "must not contain a user name or password"],
    ["https://localhost/hook", "loopback host"],
    ["https://api.localhost/hook", "loopback host"],
    ["https://127.0.0.1/hook", "(loopback)"],
    ["https://2130706433/hook", "(loopback)"],
    ["https://[::1]/hook", "(loopback)"],
    ["https://[::ffff:127.0.0.1]/hook", "(loopback)"],
    ["https://10.1.2.3/hook", "(private)"],
    ["https://192.168.1.10/hook", "(private)"],
    ["https://172.20.0.1/hook", "(private)"],
    ["https://169.254.169.254/latest", "(cloud-metadata)"],
    ["https://169.254.10.1/hook", "(link-local)"],
    ["https://[fe80::1]/hook", "(link-local)"],
    ["https://0.0.0.0/hook", "(unspecified)"],
  ])("refuses %s", (raw, problem) => {
    const out = checkEndpointUrl(raw, none);
    expect(out.ok).toBe(false);
    expect(out.ok ? "" : out.problem).toContain(problem);
  });

  it("lets a host named in OUTBOUND_ALLOW_HOSTS through, over http too, on the named port only", () => {
    expect(checkEndpointUrl("http://127.0.0.1:4010/hook", allow("127.0.0.1:4010"))).toEqual({ ok: true, url: "http://127.0.0.1:4010/hook" });
    expect(checkEndpointUrl("https://localhost/hook", allow("localhost"))).toEqual({ ok: true, url: "https://localhost/hook" });
    expect(checkEndpointUrl("http://127.0.0.1:4011/hook", allow("127.0.0.1:4010")).ok).toBe(false);
    expect(checkEndpointUrl("http://[::1]:4010/hook", allow("[::1]:4010")).ok).toBe(true);
  });

  it("still refuses credentials and other schemes on an allowed host", () => {
    expect(checkEndpointUrl("http://a:b@127.0.0.1:4010/hook", allow("127.0.0.1:4010")).ok).toBe(false);
    expect(checkEndpointUrl("ftp://127.0.0.1:4010/hook", allow("127.0.0.1:4010")).ok).toBe(false);
  });
});
