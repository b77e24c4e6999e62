import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileProblem, uploadFile, UploadError } from "./upload-client";

/** A fake XMLHttpRequest answering PUTs from a script of statuses. */
let script: Array<{ status: number; body?: string }> = [];
const puts: Array<{ url: string; contentType: string | undefined }> = [];

class FakeXhr {
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = "";
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send() {
    puts.push({ url: this.url, contentType: this.headers["content-type"] });
    const next = script.shift() ?? { status: 200 };
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (next.status === 0) return this.onerror?.();
      this.status = next.status;
      this.responseText = next.body ?? "";
      this.onload?.();
    }, 0);
  }
}

let urlRequests = 0;
beforeEach(() => {
  script = [];
  puts.length = 0;
  urlRequests = 0;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      urlRequests++;
      return new Response(JSON.stringify({ uploadURL: `/api/objects/put/k${urlRequests}`, objectPath: `/api/objects/k${urlRequests}` }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const file = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "a.png", { type: "image/png" });

describe("browser upload", () => {
  it("asks for one URL and sends one PUT with the file's type, reporting progress", async () => {
    const progress: number[] = [];
    const result = await uploadFile(file(), (p) => progress.push(p));
    expect(result).toEqual({ objectPath: "/api/objects/k1" });
    expect(puts).toEqual([{ url: "/api/objects/put/k1", contentType: "image/png" }]);
    expect(progress).toContain(50);
    expect(progress.at(-1)).toBe(100);
  });

  it("gets a fresh URL when the signed URL has expired, and retries 5xx and network errors", async () => {
    script = [{ status: 403, body: JSON.stringify({ message: "Request has expired" }) }, { status: 503 }, { status: 0 }, { status: 200 }];
    const result = await uploadFile(file(), () => {});
    expect(urlRequests).toBe(2);
    expect(puts.map((p) => p.url)).toEqual(["/api/objects/put/k1", "/api/objects/put/k2", "/api/objects/put/k2", "/api/objects/put/k2"]);
    expect(result.objectPath).toBe("/api/objects/k2");
  }, 10_000);

  it("does not retry answers that cannot change (too large, wrong type, tampered)", async () => {
    script = [{ status: 415, body: JSON.stringify({ message: "The file is not an image" }) }];
    await expect(uploadFile(file(), () => {})).rejects.toMatchObject({ status: 415, stage: "put", message: "The file is not an image" });
    expect(puts).toHaveLength(1);
  });

  it("reads an S3 bucket's XML error: an expired presigned URL gets a fresh one, a refused signature is final with the store's message", async () => {
    const xml = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    script = [{ status: 403, body: xml("AccessDenied", "Request has expired") }, { status: 200 }];
    expect((await uploadFile(file(), () => {})).objectPath).toBe("/api/objects/k2");
    script = [{ status: 403, body: xml("SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.") }];
    await expect(uploadFile(file(), () => {})).rejects.toMatchObject({ status: 403, message: "The request signature we calculated does not match the signature you provided." });
  });

  it("reports an upload URL failure as such", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "File too large" }), { status: 413 })),
    );
    const err = await uploadFile(file(), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({ stage: "url", status: 413 });
    expect(puts).toHaveLength(0);
  });

  it("checks type and size before asking the server", () => {
    expect(fileProblem(new File(["x"], "a.txt", { type: "text/plain" }))?.title).toBe("Unsupported file type");
    expect(fileProblem(new File([new Uint8Array(5_242_881)], "big.png", { type: "image/png" }))?.title).toBe("File too large");
    expect(fileProblem(file())).toBeNull();
  });
});
