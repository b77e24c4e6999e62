import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedHeaders } from "@/features/webhooks/secrets.server";
import { VERIFY_SNIPPETS, type Snippet } from "./verify-snippets";
import { sampleEnvelope } from "./webhook-events";

/**
 * Every signature check /docs/webhooks shows is run, as a customer would run
 * it, against deliveries signed by the product's signer: a good one, the two
 * signatures of a rotation, a changed body, another secret and an old
 * timestamp. The Python ones need `python3` (and the standardwebhooks package
 * for the library's); without them they are reported skipped, not passed.
 */

const secret = () => `whsec_${randomBytes(32).toString("base64")}`;
const current = secret();
const previous = secret();
const body = JSON.stringify(sampleEnvelope("call.completed", "https://app.example.com"));
const now = new Date();

type Case = { name: string; secret: string; headers: Record<string, string>; body: string; ok: boolean };
const CASES: Case[] = [
  { name: "a delivery signed with the secret", secret: current, headers: signedHeaders("evt_1", body, [current], now), body, ok: true },
  { name: "during a rotation, with the new secret", secret: current, headers: signedHeaders("evt_2", body, [current, previous], now), body, ok: true },
  { name: "during a rotation, with the old secret", secret: previous, headers: signedHeaders("evt_2", body, [current, previous], now), body, ok: true },
  { name: "a changed body", secret: current, headers: signedHeaders("evt_3", body, [current], now), body: body.replace("Dana", "Dane"), ok: false },
  { name: "another secret", secret: secret(), headers: signedHeaders("evt_4", body, [current], now), body, ok: false },
  { name: "a timestamp 10 minutes old", secret: current, headers: signedHeaders("evt_5", body, [current], new Date(now.getTime() - 600_000)), body, ok: false },
  { name: "another webhook-id", secret: current, headers: { ...signedHeaders("evt_6", body, [current], now), "webhook-id": "evt_7" }, body, ok: false },
];

const NODE_HARNESS = `
const cases = JSON.parse(process.env.SNIPPET_CASES);
const out = [];
for (const c of cases) {
  try { out.push({ ok: true, type: verifyWebhook(c.secret, c.headers, c.body).type }); }
  catch (e) { out.push({ ok: false, error: String(e?.message ?? e) }); }
}
console.log(JSON.stringify(out));
`;

const PYTHON_HARNESS = `
import json as _json, os as _os
_out = []
for _c in _json.loads(_os.environ["SNIPPET_CASES"]):
    try:
        _out.append({"ok": True, "type": verify_webhook(_c["secret"], _c["headers"], _c["body"].encode())["type"]})
    except Exception as _e:
        _out.append({"ok": False, "error": str(_e)})
print(_json.dumps(_out))
`;

const PYTHON = process.env.PYTHON ?? "python3";
const pythonCan = (code: string) => spawnSync(PYTHON, ["-c", code], { encoding: "utf8" }).status === 0;
const hasPython = pythonCan("import sys; assert sys.version_info >= (3, 9)");
const hasPythonLibrary = hasPython && pythonCan("import standardwebhooks");

function run(snippet: Snippet): { ok: boolean; type?: string; error?: string }[] {
  const env = { ...process.env, SNIPPET_CASES: JSON.stringify(CASES) };
  const res =
    snippet.language === "javascript"
      ? spawnSync(process.execPath, ["--input-type=module", "-e", snippet.code + NODE_HARNESS], { cwd: process.cwd(), env, encoding: "utf8" })
      : spawnSync(PYTHON, ["-c", snippet.code + PYTHON_HARNESS], { env, encoding: "utf8" });
  expect(res.status, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as { ok: boolean; type?: string; error?: string }[];
}

describe("the signature checks of /docs/webhooks", () => {
  it("shows the four checks: Node and Python, with the library and by hand", () => {
    expect(VERIFY_SNIPPETS.map((s) => s.id)).toEqual(["node-library", "node-by-hand", "python-library", "python-by-hand"]);
  });

  for (const snippet of VERIFY_SNIPPETS) {
    const runnable = snippet.language === "javascript" || (snippet.id === "python-library" ? hasPythonLibrary : hasPython);
    it.skipIf(!runnable)(`${snippet.title}: accepts what the product signs, refuses anything else`, () => {
      const results = run(snippet);
      CASES.forEach((c, i) => {
        expect(results[i]!.ok, `${c.name}: ${results[i]!.error ?? ""}`).toBe(c.ok);
        if (c.ok) expect(results[i]!.type).toBe("call.completed");
      });
    });
  }
});
