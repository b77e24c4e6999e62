import { randomUUID } from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "@/lib/config";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { orderSetupEmailJob } from "@/features/orders/orders.server";
import { aiReadyOrders } from "@/db/schema";
import { s3Client, s3PresignedPut, s3StartCheck } from "@/features/storage/s3.server";
import { FOREIGN_AVATAR_MESSAGE, MISSING_AVATAR_MESSAGE, TOO_LARGE_MESSAGE } from "@/features/storage/storage.server";
import { MAX_AVATAR_BYTES } from "@/features/storage/upload-policy";
import * as upload from "@app/api/objects/upload/route";
import * as serve from "@app/api/objects/[...key]/route";
import * as orders from "@app/api/admin/ai-ready-orders/route";
import * as orderItem from "@app/api/admin/ai-ready-orders/[id]/route";
import { BASE, call, createUser, type TestUser } from "./http-helpers";
import { startS3TestServer, type TestS3Server } from "./s3-test-server";

// A real 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const APP_ORIGIN = "http://app.localhost:3000";

let s3: TestS3Server;
let admin: TestUser;
const saved = { ...process.env };

function useEnv(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
  resetConfigForTests();
}

beforeAll(async () => {
  s3 = await startS3TestServer({ corsOrigins: [APP_ORIGIN] });
  useEnv(s3.env());
  // The queue without workers: creating an order stores its setup-email job.
  await startJobs({ jobs: [orderSetupEmailJob], workers: false });
  admin = await createUser({ role: "admin" });
});

afterAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith("S3_") && !(key in saved)) delete process.env[key];
  resetConfigForTests();
  await s3?.stop();
});

type Ticket = { uploadURL: string; objectPath: string; maxSize: number; contentType: string };

async function ticketFor(bytes: Buffer, contentType = "image/png"): Promise<Ticket> {
  const res = await call(upload.POST, { method: "POST", path: "/api/objects/upload", cookie: admin.cookie, body: { fileName: "a.png", contentType, size: bytes.byteLength } });
  expect(res.status).toBe(200);
  return (await res.json()) as Ticket;
}

function putTo(url: string, bytes: Buffer, contentType = "image/png", headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": contentType, ...headers } });
}

/** A local port nothing listens on (it was listened on, then closed). */
async function closedPort(): Promise<number> {
  const closed = net.createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise((r) => closed.close(r));
  return port;
}

function serveFromApp(objectPath: string): Promise<Response> {
  const key = objectPath.replace(/^\/api\/objects\//, "");
  return serve.GET(new Request(new URL(objectPath, BASE)), { params: Promise.resolve({ key: key.split("/") }) });
}

/** Puts bytes straight into the bucket (as a misbehaving client with a valid URL could). */
async function putRaw(bytes: Buffer, ext = "png"): Promise<string> {
  const key = `avatars/${randomUUID()}.${ext}`;
  await s3Client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: "image/png" }));
  return key;
}

const order = (aiAvatarUrl: string | null) => ({
  aiEmployeeName: "Ava",
  aiPhoneNumber: "+1 (555) 123-4567",
  customerEmail: `owner-${randomUUID().slice(0, 8)}@example.com`,
  webChatUrl: "https://chat.example.com/ava",
  aiAvatarUrl,
});

function createOrder(aiAvatarUrl: string | null): Promise<Response> {
  return call(orders.POST, { method: "POST", path: "/api/admin/ai-ready-orders", cookie: admin.cookie, body: order(aiAvatarUrl) });
}

describe("S3 adapter against an S3-compatible server", () => {
  beforeEach(() => useEnv(s3.env()));

  it("hands out a presigned PUT into the bucket with type and length signed; the file is stored and served back by the app from the private bucket", async () => {
    const t = await ticketFor(PNG);
    const url = new URL(t.uploadURL);
    expect(`${url.origin}${url.pathname}`).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/avatars/[0-9a-f-]{36}\\.png$`));
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Checksum-Crc32")).toBeNull();
    expect(t.objectPath).toMatch(/^\/api\/objects\/avatars\/[0-9a-f-]{36}\.png$/);
    expect(url.pathname.endsWith(t.objectPath.replace("/api/objects", ""))).toBe(true);

    const put = await putTo(t.uploadURL, PNG);
    expect(put.status).toBe(200);

    const served = await serveFromApp(t.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(served.headers.get("cache-control")).toContain("max-age=31536000");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const missing = await serveFromApp(`/api/objects/avatars/${randomUUID()}.png`);
    expect(missing.status).toBe(404);
  });

  it("with S3_PUBLIC_BASE_URL the avatar URL is <S3_PUBLIC_BASE_URL>/<key> and the bucket serves it there", async () => {
    useEnv(s3.env({ publicBaseUrl: true }));
    const t = await ticketFor(PNG);
    expect(t.objectPath).toMatch(new RegExp(`^${s3.publicBaseUrl}/avatars/[0-9a-f-]{36}\\.png$`));
    expect((await putTo(t.uploadURL, PNG)).status).toBe(200);
    const served = await fetch(t.objectPath);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("the bucket's CORS rule lets the app's origin PUT with content-type and exposes ETag; another origin is refused", async () => {
    const t = await ticketFor(PNG);
    const preflight = (origin: string) => fetch(t.uploadURL, { method: "OPTIONS", headers: { origin, "access-control-request-method": "PUT", "access-control-request-headers": "content-type" } });
    const ok = await preflight(APP_ORIGIN);
    expect(ok.status).toBe(200);
    expect([APP_ORIGIN, "*"]).toContain(ok.headers.get("access-control-allow-origin"));
    expect(ok.headers.get("access-control-allow-methods")).toContain("PUT");
    expect((await preflight("https://evil.example")).status).toBe(403);

    const put = await putTo(t.uploadURL, PNG, "image/png", { origin: APP_ORIGIN });
    expect(put.status).toBe(200);
    expect([APP_ORIGIN, "*"]).toContain(put.headers.get("access-control-allow-origin"));
    expect(put.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("etag");
  });

  it("refuses an expired upload URL", async () => {
    const key = `avatars/${randomUUID()}.png`;
    const url = await s3PresignedPut(config(), key, "image/png", PNG.byteLength, 1);
    await new Promise((r) => setTimeout(r, 2_100));
    const res = await putTo(url, PNG);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Request has expired");
    expect((await serveFromApp(`/api/objects/${key}`)).status).toBe(404);
  });

  // The S3 server used here (s3rver) does not verify SigV4 signatures, so these
  // cannot be shown against it; the URL test above shows they are signed.
  it.todo("the store refuses a PUT with another Content-Type than signed (needs a SigV4-verifying S3 server)");
  it.todo("the store refuses a larger body than the signed Content-Length (needs a SigV4-verifying S3 server)");
});

describe("an avatar is checked in the bucket before it is attached to an order", () => {
  beforeEach(() => useEnv(s3.env()));

  it("attaches an uploaded PNG (app path and S3_PUBLIC_BASE_URL form)", async () => {
    const t = await ticketFor(PNG);
    expect((await putTo(t.uploadURL, PNG)).status).toBe(200);
    const created = await createOrder(t.objectPath);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { aiAvatarUrl: string }).aiAvatarUrl).toBe(t.objectPath);

    useEnv(s3.env({ publicBaseUrl: true }));
    const p = await ticketFor(PNG);
    expect((await putTo(p.uploadURL, PNG)).status).toBe(200);
    expect((await createOrder(p.objectPath)).status).toBe(201);
  });

  it("refuses a URL outside our storage, a key never uploaded, non-image bytes, other image bytes than the key says, and an oversized object", async () => {
    const cases: Array<[string, number, string]> = [
      ["https://images.example.com/avatars/x.png", 400, FOREIGN_AVATAR_MESSAGE],
      [`/api/objects/avatars/${randomUUID()}.png`, 400, MISSING_AVATAR_MESSAGE],
      [`/api/objects/${await putRaw(Buffer.from("<html>not an image</html>"))}`, 415, "not an image"],
      [`/api/objects/${await putRaw(PNG, "gif")}`, 415, "image/png, but it was uploaded as image/gif"],
      [`/api/objects/${await putRaw(Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES)]))}`, 413, TOO_LARGE_MESSAGE],
    ];
    for (const [url, status, message] of cases) {
      const res = await createOrder(url);
      expect({ url, status: res.status }).toEqual({ url, status });
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
  });

  it("when the bucket cannot be reached, serving and attaching answer 503 with a message (not 500)", async () => {
    useEnv({ ...s3.env(), S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    const path = `/api/objects/avatars/${randomUUID()}.png`;
    const served = await serveFromApp(path);
    expect(served.status).toBe(503);
    expect(((await served.json()) as { message: string }).message).toContain("Storage is unavailable");
    const created = await createOrder(path);
    expect(created.status).toBe(503);
  });

  it("a PATCH with a bad avatar is refused and the order keeps its avatar", async () => {
    const t = await ticketFor(PNG);
    expect((await putTo(t.uploadURL, PNG)).status).toBe(200);
    const created = (await (await createOrder(t.objectPath)).json()) as { id: string };
    const bad = `/api/objects/${await putRaw(Buffer.from("GIF? no, text"))}`;
    const res = await call(orderItem.PATCH, {
      method: "PATCH",
      path: `/api/admin/ai-ready-orders/${created.id}`,
      cookie: admin.cookie,
      params: { id: created.id },
      body: { ...order(bad), customerEmail: "kept@example.com" },
    });
    expect(res.status).toBe(415);
    const db = await getDb();
    const [row] = await db.select().from(aiReadyOrders).where(eq(aiReadyOrders.id, created.id));
    expect(row!.aiAvatarUrl).toBe(t.objectPath);
    expect(row!.customerEmail).not.toBe("kept@example.com");
  });
});

describe("s3StartCheck", () => {
  beforeEach(() => useEnv(s3.env()));

  it("passes for a reachable bucket with good credentials", async () => {
    expect(await s3StartCheck()).toBeNull();
  });

  it("names S3_BUCKET when the bucket does not exist", async () => {
    useEnv({ ...s3.env(), S3_BUCKET: "no-such-bucket" });
    expect(await s3StartCheck()).toMatch(/^S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/);
  });

  it("names the credentials when the server refuses the access key", async () => {
    useEnv({ ...s3.env(), S3_ACCESS_KEY_ID: "AKIAWRONGKEY" });
    expect(await s3StartCheck()).toMatch(/^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: .* refused the credentials for bucket "avatars-test" \(HTTP 403/);
  });

  it("names S3_ENDPOINT when nothing listens there, and when it does not answer in time", async () => {
    useEnv({ ...s3.env(), S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
    expect(await s3StartCheck()).toMatch(/^S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);

    // A server that accepts the connection and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    useEnv({ ...s3.env(), S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
    try {
      expect(await s3StartCheck(config(), 300)).toMatch(/^S3_ENDPOINT: no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.3 s/);
    } finally {
      silent.close();
    }
  });
});
