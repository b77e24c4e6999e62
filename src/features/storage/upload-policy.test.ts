import { describe, expect, it } from "vitest";
import { MAX_AVATAR_BYTES, sniffImageType, uploadPath, verifyUpload, type UploadGrant } from "./upload-policy";

const SECRET = "x".repeat(40);
const grant: UploadGrant = {
  key: "avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
  contentType: "image/png",
  maxSize: 1234,
  expires: Math.floor(Date.now() / 1000) + 600,
};

function parse(path: string) {
  const url = new URL(path, "http://localhost");
  return { key: url.pathname.replace("/api/objects/put/", ""), query: url.searchParams };
}

describe("signed upload URLs", () => {
  it("verifies the URL it signed", () => {
    const { key, query } = parse(uploadPath(SECRET, grant));
    expect(verifyUpload(SECRET, key, query)).toEqual({ ok: true, grant });
  });

  it("refuses a URL whose size, type, expiry or key was changed", () => {
    for (const [param, value] of [
      ["max", String(MAX_AVATAR_BYTES * 10)],
      ["type", "image/gif"],
      ["expires", String(grant.expires + 3600)],
    ] as const) {
      const { key, query } = parse(uploadPath(SECRET, grant));
      query.set(param, value);
      const result = verifyUpload(SECRET, key, query);
      expect(result.ok).toBe(false);
      expect(result.ok ? 0 : result.status).toBe(403);
      expect(result.ok ? "" : result.message).toMatch(/Invalid upload signature/);
    }
    const { query } = parse(uploadPath(SECRET, grant));
    const other = "avatars/11111111-8f7a-4c1e-9d3a-2f6b1e4a7c90.png";
    expect(verifyUpload(SECRET, other, query).ok).toBe(false);
  });

  it("refuses a URL signed with another secret", () => {
    const { key, query } = parse(uploadPath("y".repeat(40), grant));
    expect(verifyUpload(SECRET, key, query).ok).toBe(false);
  });

  it("says 'Request has expired' after the expiry", () => {
    const { key, query } = parse(uploadPath(SECRET, grant));
    const result = verifyUpload(SECRET, key, query, (grant.expires + 1) * 1000);
    expect(result).toEqual({ ok: false, status: 403, message: "Request has expired" });
  });

  it("refuses keys outside avatars/<uuid>.<ext>", () => {
    const { query } = parse(uploadPath(SECRET, grant));
    for (const key of ["../etc/passwd", "avatars/../../x.png", "avatars/abc.png", "avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.svg"]) {
      expect(verifyUpload(SECRET, key, query)).toMatchObject({ ok: false, status: 404 });
    }
  });
});

describe("image sniffing", () => {
  it("recognises PNG, JPEG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("GIF89a...."))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
  });

  it("does not take a renamed text or SVG file for an image", () => {
    expect(sniffImageType(new TextEncoder().encode("hello, I am a text file"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
