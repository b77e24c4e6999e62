/**
 * The signature checks /docs/webhooks shows, in Node and Python, with the
 * Standard Webhooks library and by hand. Each defines
 * `verifyWebhook(secret, headers, body)` / `verify_webhook(...)`, which returns
 * the event or raises; verify-snippets.test.ts runs every one of them against
 * deliveries signed by the product's own signer (webhooks/secrets.server.ts).
 */

export type Snippet = { id: string; title: string; language: "javascript" | "python"; install?: string; code: string; usage: string };

const NODE_LIBRARY = `import { Webhook } from "standardwebhooks";

// secret: the endpoint's signing secret ("whsec_…"), shown when you added it.
// headers: the request's headers; body: the raw body as a string, before any JSON parsing.
export function verifyWebhook(secret, headers, body) {
  // Checks the signature (either one, during a rotation) and refuses a
  // timestamp more than 5 minutes from your clock; throws otherwise.
  return new Webhook(secret).verify(body, {
    "webhook-id": headers["webhook-id"],
    "webhook-timestamp": headers["webhook-timestamp"],
    "webhook-signature": headers["webhook-signature"],
  });
}
`;

const NODE_BY_HAND = `import { createHmac, timingSafeEqual } from "node:crypto";

const TOLERANCE_SECONDS = 5 * 60;

// secret: the endpoint's signing secret ("whsec_…"), shown when you added it.
// headers: the request's headers; body: the raw body as a string, before any JSON parsing.
export function verifyWebhook(secret, headers, body) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) throw new Error("missing webhook headers");

  // A replayed request carries an old timestamp: refuse it.
  const age = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (!(age <= TOLERANCE_SECONDS)) throw new Error("timestamp too far from now");

  // The key is the secret after "whsec_", base64-decoded.
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest();

  // "v1,<base64>", space-separated: two of them for 24 hours after a rotation.
  const matches = signatures.split(" ").some((versioned) => {
    const [version, signature] = versioned.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error("no matching signature");
  return JSON.parse(body);
}
`;

const NODE_USAGE = `// In a Fetch API handler (Next.js, Remix, Hono, Bun, Deno…):
export async function POST(request) {
  const body = await request.text(); // the raw body: never re-serialise parsed JSON
  let event;
  try {
    event = verifyWebhook(process.env.WEBHOOK_SECRET, Object.fromEntries(request.headers), body);
  } catch {
    return new Response("invalid signature", { status: 400 });
  }
  // Handle event.type and event.data once per webhook-id, then answer 2xx quickly.
  return new Response(null, { status: 204 });
}
// With Express, read the raw body: app.post("/webhooks", express.raw({ type: "application/json" }), …)
// and pass req.headers and req.body.toString("utf8").
`;

const PYTHON_LIBRARY = `from standardwebhooks import Webhook


def verify_webhook(secret: str, headers, body: bytes) -> dict:
    """secret: the endpoint's signing secret ("whsec_..."); body: the raw request body.

    Checks the signature (either one, during a rotation) and refuses a
    timestamp more than 5 minutes from your clock; raises otherwise.
    """
    return Webhook(secret).verify(body, {
        "webhook-id": headers["webhook-id"],
        "webhook-timestamp": headers["webhook-timestamp"],
        "webhook-signature": headers["webhook-signature"],
    })
`;

const PYTHON_BY_HAND = `import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(secret: str, headers, body: bytes) -> dict:
    """secret: the endpoint's signing secret ("whsec_..."); body: the raw request body."""
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    signatures = headers["webhook-signature"]

    # A replayed request carries an old timestamp: refuse it.
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp too far from now")

    # The key is the secret after "whsec_", base64-decoded.
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()

    # "v1,<base64>", space-separated: two of them for 24 hours after a rotation.
    for versioned in signatures.split(" "):
        version, _, signature = versioned.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(body)
    raise ValueError("no matching signature")
`;

const PYTHON_USAGE = `# With Flask (request.get_data() is the raw body):
import os
from flask import Flask, request

app = Flask(__name__)


@app.post("/webhooks")
def receive_webhook():
    try:
        event = verify_webhook(os.environ["WEBHOOK_SECRET"], request.headers, request.get_data())
    except Exception:
        return "invalid signature", 400
    # Handle event["type"] and event["data"] once per webhook-id, then answer 2xx quickly.
    return "", 204
`;

export const VERIFY_SNIPPETS: readonly Snippet[] = [
  { id: "node-library", title: "Node.js with the standardwebhooks package", language: "javascript", install: "npm install standardwebhooks", code: NODE_LIBRARY, usage: NODE_USAGE },
  { id: "node-by-hand", title: "Node.js with node:crypto only", language: "javascript", code: NODE_BY_HAND, usage: NODE_USAGE },
  { id: "python-library", title: "Python with the standardwebhooks package", language: "python", install: "pip install standardwebhooks", code: PYTHON_LIBRARY, usage: PYTHON_USAGE },
  { id: "python-by-hand", title: "Python with hmac only", language: "python", code: PYTHON_BY_HAND, usage: PYTHON_USAGE },
];
