import { beforeAll, describe, expect, it } from "vitest";
import { uploadPath, uploadSigningKey, type UploadGrant } from "@/features/storage/upload-policy";
import * as upload from "@app/api/objects/upload/route";
import * as put from "@app/api/objects/put/[...key]/route";
import * as serve from "@app/api/objects/[...key]/route";
import { BASE, call, createUser, type TestUser } from "./http-helpers";

// A real 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser();
});

type Ticket = { uploadURL: string; objectPath: string; maxSize: number; contentType: string };

async function ticket(body: Record<string, unknown>, cookie = admin.cookie): Promise<Response> {
  return call(upload.POST, { method: "POST", path: "/api/objects/upload", cookie, body });
}

/** PUTs bytes to an upload URL (a path with query) the way the browser does. */
async function putTo(uploadURL: string, bytes: Buffer, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(uploadURL, BASE);
  const key = url.pathname.replace(/^\/api\/objects\/put\//, "");
  const req = new Request(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": "image/png", ...headers } });
  return put.PUT(req, { params: Promise.resolve({ key: key.split("/") }) });
}

async function get(objectPath: string): Promise<Response> {
  const key = objectPath.replace(/^\/api\/objects\//, "");
  return serve.GET(new Request(new URL(objectPath, BASE)), { params: Promise.resolve({ key: key.split("/") }) });
}

describe("avatar upload (embedded local-disk adapter)", () => {
  it("issues a signed PUT URL to an admin; a good PNG round-trips and is served back with its type and cache headers", async () => {
    const res = await ticket({ fileName: "ava.png", contentType: "image/png", size: PNG.byteLength });
    expect(res.status).toBe(200);
    const t = (await res.json()) as Ticket;
    expect(t.uploadURL).toMatch(/^\/api\/objects\/put\/avatars\/[0-9a-f-]{36}\.png\?.*expires=\d+.*sig=/);
    expect(t.objectPath).toMatch(/^\/api\/objects\/avatars\/[0-9a-f-]{36}\.png$/);

    const stored = await putTo(t.uploadURL, PNG);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ objectPath: t.objectPath, size: PNG.byteLength });

    const served = await get(t.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("max-age=31536000");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses oversize files when the URL is asked for and at the PUT", async () => {
    const tooBig = await ticket({ fileName: "big.png", contentType: "image/png", size: 5_242_881 });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe("File too large: the avatar must be at most 5 MB.");

    // The URL is signed for the declared size; more bytes than that are refused.
    const t = (await (await ticket({ fileName: "a.png", contentType: "image/png", size: PNG.byteLength })).json()) as Ticket;
    const bigger = Buffer.concat([PNG, Buffer.alloc(100)]);
    const res = await putTo(t.uploadURL, bigger);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/^File too large/);
    expect((await get(t.objectPath)).status).toBe(404);

    // A 5 MB grant still refuses a body streamed past 5 MB even without Content-Length.
    const maxTicket = (await (await ticket({ fileName: "max.png", contentType: "image/png", size: 5_242_880 })).json()) as Ticket;
    const huge = Buffer.concat([PNG, Buffer.alloc(5_242_880)]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < huge.length; i += 65536) controller.enqueue(huge.subarray(i, i + 65536));
        controller.close();
      },
    });
    const url = new URL(maxTicket.uploadURL, BASE);
    const req = new Request(url, { method: "PUT", body: stream, headers: { "content-type": "image/png" }, duplex: "half" } as RequestInit);
    const streamed = await put.PUT(req, { params: Promise.resolve({ key: url.pathname.replace("/api/objects/put/", "").split("/") }) });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toBe("File too large: the avatar must be at most 5 MB.");
  });

  it("refuses non-images: a wrong declared type, a mismatching Content-Type, and a renamed text file", async () => {
    const pdf = await ticket({ fileName: "cv.pdf", contentType: "application/pdf", size: 100 });
    expect(pdf.status).toBe(415);
    expect(((await pdf.json()) as { message: string }).message).toBe("Unsupported file type: upload a PNG, JPEG, WebP or GIF image.");
    const svg = await ticket({ fileName: "x.svg", contentType: "image/svg+xml", size: 100 });
    expect(svg.status).toBe(415);

    const text = Buffer.from("this is not an image at all, just text");
    const t = (await (await ticket({ fileName: "fake.png", contentType: "image/png", size: text.byteLength })).json()) as Ticket;
    const wrongHeader = await putTo(t.uploadURL, text, { "content-type": "text/html" });
    expect(wrongHeader.status).toBe(415);
    expect(((await wrongHeader.json()) as { message: string }).message).toContain("Content-Type must be image/png");
    const renamed = await putTo(t.uploadURL, text);
    expect(renamed.status).toBe(415);
    expect(((await renamed.json()) as { message: string }).message).toMatch(/not an image/);
    expect((await get(t.objectPath)).status).toBe(404);
  });

  it("refuses a tampered or expired upload URL with a clear 403", async () => {
    const t = (await (await ticket({ fileName: "a.png", contentType: "image/png", size: PNG.byteLength })).json()) as Ticket;
    const tampered = new URL(t.uploadURL, BASE);
    tampered.searchParams.set("max", "99999999");
    const res = await putTo(tampered.pathname + tampered.search, PNG);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid upload signature/);

    const badSig = new URL(t.uploadURL, BASE);
    badSig.searchParams.set("sig", "A".repeat(43));
    expect((await putTo(badSig.pathname + badSig.search, PNG)).status).toBe(403);

    const grant: UploadGrant = {
      key: "avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
      contentType: "image/png",
      maxSize: PNG.byteLength,
      expires: Math.floor(Date.now() / 1000) - 1,
    };
    const expired = await putTo(uploadPath(uploadSigningKey(), grant), PNG);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toBe("Request has expired");
  });

  it("only admins may ask for an upload URL; bad bodies are 400s", async () => {
    expect((await ticket({ fileName: "a.png", contentType: "image/png", size: 10 }, customer.cookie)).status).toBe(403);
    const anon = await call(upload.POST, { method: "POST", path: "/api/objects/upload", body: { fileName: "a.png", contentType: "image/png", size: 10 } });
    expect(anon.status).toBe(401);
    const bad = await ticket({ fileName: "a.png", contentType: "image/png", size: "ten" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("size");
  });

  it("answers 404 for unknown or malformed object paths", async () => {
    expect((await get("/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-000000000000.png")).status).toBe(404);
    expect((await get("/api/objects/../../etc/passwd")).status).toBe(404);
  });
});
