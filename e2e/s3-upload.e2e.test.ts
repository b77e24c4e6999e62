import { afterAll, beforeAll, describe } from "vitest";
import type { Browser } from "playwright-core";
import { freePort, startAppServer, type AppServer } from "./app-server";
import { launch } from "./browser";
import { s3UploadJourney } from "./journeys/s3-upload";
import { startS3TestServer, type TestS3Server } from "../test/s3-test-server";

let s3: TestS3Server;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  // The bucket's CORS rule names the app's origin, so the app's port is chosen first.
  const port = await freePort();
  s3 = await startS3TestServer({ corsOrigins: [`http://127.0.0.1:${port}`] });
  app = await startAppServer({ port, env: s3.env() });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await s3?.stop();
});

describe("S3 adapter: avatar upload from the admin console (private bucket, served by the app)", () => {
  s3UploadJourney(() => ({ baseUrl: app.baseUrl, browser, s3 }));
});
