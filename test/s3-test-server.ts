import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * An S3-compatible server in the test process (s3rver, npm): the app's S3
 * adapter talks to it with the real AWS SDK over HTTP. It stores objects on
 * disk, answers HeadBucket/HeadObject/ranged GetObject, applies the bucket's
 * CORS rules, refuses unknown access keys and expired presigned URLs.
 *
 * LIMITATION (s3rver 3.7.1): it does NOT verify SigV4 signatures (its code
 * says "Signature version 4 calculation is unimplemented"), so a wrong secret
 * key, another Content-Type or a larger body than the presigned URL signed is
 * accepted by it. Tests that need the store to enforce the signature need a
 * server that verifies it (see ADR 0092).
 */

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The public base URL of the bucket (path-style), for S3_PUBLIC_BASE_URL. */
  publicBaseUrl: string;
  /** S3_* variables for the app; with publicBaseUrl the avatars are served by the bucket, else by the app. */
  env(opts?: { publicBaseUrl?: boolean }): Record<string, string>;
  stop(): Promise<void>;
};

/** s3rver's built-in account. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join("\n");
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules}</CORSConfiguration>`;
}

export async function startS3TestServer(opts: { corsOrigins?: string[] } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3-test-"));
  const bucket = "avatars-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: opts.corsOrigins?.length ? [corsXml(opts.corsOrigins)] : [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    publicBaseUrl: `${endpoint}/${bucket}`,
    env(o = {}) {
      return {
        S3_ENDPOINT: endpoint,
        S3_REGION: region,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_BASE_URL: o.publicBaseUrl ? `${endpoint}/${bucket}` : "",
      };
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
