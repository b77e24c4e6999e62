import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { generate } from "selfsigned";
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";

/**
 * A real SMTP server in the test process (smtp-server, from the nodemailer
 * project), and helpers for the ways a server misbehaves. Every message that
 * arrives is parsed with mailparser and kept with what the session knew
 * (envelope, TLS, the user that logged in).
 */

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The connection was encrypted (STARTTLS or smtps). */
  secure: boolean;
  /** The user that logged in with AUTH, if any. */
  user: string | undefined;
  raw: string;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  port: number;
  received: ReceivedMail[];
  /** Connections that reached the server (greeted). */
  connections: number;
  /** An SMTP_URL for this server; `query` is appended as is (e.g. "tls.rejectUnauthorized=false"). */
  url(opts?: { scheme?: "smtp" | "smtps"; user?: string; pass?: string; query?: string }): string;
  close(): Promise<void>;
};

export type SmtpServerOptions = {
  /** Listen on this port (to bring a "down" server back on the port the app was told). */
  port?: number;
  /** Offer STARTTLS with a self-signed certificate. */
  starttls?: boolean;
  /** TLS from the first byte (smtps://). */
  implicitTls?: boolean;
  /** Require AUTH with these credentials. */
  auth?: { user: string; pass: string };
  /** Refuse a recipient: return [code, text], or null to accept. */
  onRecipient?: (address: string) => [number, string] | null;
};

let certificate: Promise<{ key: string; cert: string }> | undefined;

/** A self-signed certificate for localhost / 127.0.0.1, made once per test file. */
export function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown; once: (ev: "error", cb: (err: Error) => void) => unknown }, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

function smtpError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

export async function startSmtpServer(opts: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const tls = opts.starttls || opts.implicitTls ? await selfSignedCertificate() : undefined;
  const state = { connections: 0 };
  const options: SMTPServerOptions = {
    secure: Boolean(opts.implicitTls),
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    disabledCommands: [...(opts.starttls || opts.implicitTls ? [] : ["STARTTLS"]), ...(opts.auth ? [] : ["AUTH"])],
    authOptional: !opts.auth,
    authMethods: ["PLAIN", "LOGIN"],
    // AUTH is only allowed once the connection is encrypted unless the test says otherwise (plain + AUTH).
    allowInsecureAuth: !(opts.starttls || opts.implicitTls),
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) return callback(null, { user: auth.username });
      return callback(smtpError(535, "5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      const refusal = opts.onRecipient?.(address.address);
      if (refusal) return callback(smtpError(refusal[0], refusal[1]));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              secure: Boolean(session.secure),
              user: typeof session.user === "string" ? session.user : undefined,
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  };
  const server = new SMTPServer(options);
  server.on("error", () => {});
  await listen(server as unknown as Parameters<typeof listen>[0], opts.port ?? 0);
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    get connections() {
      return state.connections;
    },
    url({ scheme = opts.implicitTls ? "smtps" : "smtp", user, pass, query } = {}) {
      const auth = user !== undefined ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? "")}@` : "";
      return `${scheme}://${auth}127.0.0.1:${port}${query ? `/?${query}` : ""}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word (no 220 greeting). */
export async function startSilentServer(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await listen(server, 0);
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it (a server that is down). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await listen(server, 0);
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
