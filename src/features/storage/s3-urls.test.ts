import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { contentSecurityPolicy, s3UploadOrigin } from "@/lib/http/csp";
import { s3AvatarUrl, s3KeyFromAvatarUrl, s3PresignedPut } from "./s3.server";

const KEY = "avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png";
const creds = { S3_BUCKET: "media", S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };

async function putUrl(env: Record<string, string>): Promise<URL> {
  const cfg = parseConfig({ ...creds, ...env });
  return new URL(await s3PresignedPut(cfg, KEY, "image/png", 1234));
}

describe("S3 addressing", () => {
  it("path-style by default when S3_ENDPOINT is set: endpoint/bucket/key", async () => {
    const url = await putUrl({ S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:9000/media/${KEY}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
  });

  it("virtual-hosted with S3_FORCE_PATH_STYLE=false: bucket.endpoint/key", async () => {
    const url = await putUrl({ S3_ENDPOINT: "https://s3.example.com", S3_FORCE_PATH_STYLE: "false" });
    expect(`${url.origin}${url.pathname}`).toBe(`https://media.s3.example.com/${KEY}`);
  });

  it("AWS (no S3_ENDPOINT) is virtual-hosted in the region", async () => {
    const url = await putUrl({ S3_REGION: "eu-west-1" });
    expect(`${url.origin}${url.pathname}`).toBe(`https://media.s3.eu-west-1.amazonaws.com/${KEY}`);
  });

  it("refuses an S3_FORCE_PATH_STYLE that is not a boolean, naming the variable", () => {
    expect(() => parseConfig({ ...creds, S3_FORCE_PATH_STYLE: "yes" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...creds, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE must be true/);
  });
});

describe("the stored avatar URL", () => {
  for (const [style, endpoint] of [
    ["path-style", { S3_ENDPOINT: "http://127.0.0.1:9000" }],
    ["virtual-hosted", { S3_ENDPOINT: "https://s3.example.com", S3_FORCE_PATH_STYLE: "false" }],
  ] as const) {
    it(`${style}: the app's /api/objects/<key> without S3_PUBLIC_BASE_URL, <S3_PUBLIC_BASE_URL>/<key> with it`, () => {
      const priv = parseConfig({ ...creds, ...endpoint });
      expect(s3AvatarUrl(priv, KEY)).toBe(`/api/objects/${KEY}`);
      expect(s3KeyFromAvatarUrl(priv, `/api/objects/${KEY}`)).toBe(KEY);

      const pub = parseConfig({ ...creds, ...endpoint, S3_PUBLIC_BASE_URL: "https://cdn.example.com/media/" });
      expect(s3AvatarUrl(pub, KEY)).toBe(`https://cdn.example.com/media/${KEY}`);
      expect(s3KeyFromAvatarUrl(pub, `https://cdn.example.com/media/${KEY}`)).toBe(KEY);
      expect(s3KeyFromAvatarUrl(pub, `https://other.example.com/media/${KEY}`)).toBeNull();
      expect(s3KeyFromAvatarUrl(priv, `https://cdn.example.com/media/${KEY}`)).toBeNull();
    });
  }
});

describe("the browser's upload origin (CSP connect-src)", () => {
  it("is the endpoint (path-style), bucket.endpoint (virtual-hosted) or the AWS bucket host", () => {
    expect(s3UploadOrigin(parseConfig({ ...creds, S3_ENDPOINT: "http://127.0.0.1:9000/" }))).toBe("http://127.0.0.1:9000");
    expect(s3UploadOrigin(parseConfig({ ...creds, S3_ENDPOINT: "https://s3.example.com", S3_FORCE_PATH_STYLE: "false" }))).toBe("https://media.s3.example.com");
    expect(s3UploadOrigin(parseConfig({ ...creds, S3_REGION: "eu-west-1" }))).toBe("https://media.s3.eu-west-1.amazonaws.com");
    expect(s3UploadOrigin(parseConfig({}))).toBeNull();
    const csp = contentSecurityPolicy(parseConfig({ ...creds, S3_ENDPOINT: "http://127.0.0.1:9000", S3_PUBLIC_BASE_URL: "http://127.0.0.1:9000/media" }));
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9000;/);
    expect(csp).toMatch(/img-src [^;]* http:\/\/127\.0\.0\.1:9000;/);
  });
});
