import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as upload from "@app/api/objects/upload/route";
import * as put from "@app/api/objects/put/[...key]/route";
import * as serve from "@app/api/objects/[...key]/route";
import { BASE, call, createUser, type TestUser } from "../http-helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
// The same image with different trailing bytes: still a PNG, different content.
const OTHER_PNG = Buffer.concat([PNG.subarray(0, PNG.length - 1), Buffer.from([0x83])]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

async function putTo(uploadURL: string, bytes: Buffer): Promise<Response> {
  const url = new URL(uploadURL, BASE);
  const key = url.pathname.replace(/^\/api\/objects\/put\//, "");
  return put.PUT(new Request(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": "image/png" } }), {
    params: Promise.resolve({ key: key.split("/") }),
  });
}

describe("upload URLs are single use", () => {
  it("a second PUT to the same URL is refused, so a served object never changes under its immutable cache header", async () => {
    const res = await call(upload.POST, { method: "POST", path: "/api/objects/upload", cookie: admin.cookie, body: { fileName: "a.png", contentType: "image/png", size: PNG.byteLength } });
    const t = (await res.json()) as { uploadURL: string; objectPath: string };
    expect((await putTo(t.uploadURL, PNG)).status).toBe(200);
    const again = await putTo(t.uploadURL, OTHER_PNG);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("This upload URL has already been used. Ask for a new upload URL.");
    const key = t.objectPath.replace(/^\/api\/objects\//, "");
    const served = await serve.GET(new Request(new URL(t.objectPath, BASE)), { params: Promise.resolve({ key: key.split("/") }) });
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect(served.headers.get("cache-control")).toContain("immutable");
    // The object's own policy survives: nothing in it may run, and it is sandboxed.
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("two concurrent PUTs of one URL store exactly one object", async () => {
    const res = await call(upload.POST, { method: "POST", path: "/api/objects/upload", cookie: admin.cookie, body: { fileName: "b.png", contentType: "image/png", size: PNG.byteLength } });
    const t = (await res.json()) as { uploadURL: string };
    const statuses = (await Promise.all([putTo(t.uploadURL, PNG), putTo(t.uploadURL, OTHER_PNG)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it("an upload URL signed with the old published development secret is refused", async () => {
    const oldSecret = "development-only-secret-change-me-0123456789abcdef";
    const key = "avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c91.png";
    const expires = Math.floor(Date.now() / 1000) + 600;
    const sig = createHmac("sha256", oldSecret).update(`upload-v1\n${key}\n${expires}\nimage/png\n${PNG.byteLength}`).digest("base64url");
    const forged = `/api/objects/put/${key}?type=image%2Fpng&max=${PNG.byteLength}&expires=${expires}&sig=${sig}`;
    const res = await putTo(forged, PNG);
    expect(res.status).toBe(403);
  });
});
