/**
 * A local Web Push service for tests, speaking the real wire format: HTTPS (a self-signed
 * certificate the test trusts), a VAPID `Authorization: vapid t=<JWT>, k=<key>` header whose
 * ES256 signature and audience it verifies (RFC 8292), and an aes128gcm body it decrypts with
 * the device's private key and auth secret (RFC 8291, with `http_ece`). Each device is a
 * subscription a browser would have made; a device can be told to answer 404/410, or to hold a
 * request without answering (a push service that is slow while the sender dies).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { generate } from "selfsigned";

export type Received = { deviceId: string; payload: unknown; topic: string | null; ttl: string | null; urgency: string | null };

export type Device = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Messages answered 201 (accepted, as a push service would deliver them). */
  accepted: Received[];
  /** What to answer: 201 (default), or e.g. 404/410 for an expired subscription. */
  status: number;
  /** Hold the next request without answering (counted in `held`); the sender's socket closing ends it. */
  holdNext: boolean;
  held: number;
  /** Requests whose sender went away before an answer (never accepted). */
  abandoned: number;
};

type DeviceState = Device & { ecdh: ECDH };

function verifyVapid(header: string | undefined, endpoint: string, expectedKey: string | undefined): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return "missing vapid Authorization";
  const [, jwt = "", key = ""] = match;
  if (expectedKey && key !== expectedKey) return "unexpected VAPID key";
  const [head = "", body = "", signature = ""] = jwt.split(".");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) return "bad VAPID signature";
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== new URL(endpoint).origin) return `bad aud ${claims.aud}`;
  if (!claims.exp || claims.exp * 1000 < Date.now()) return "expired JWT";
  if (!claims.sub) return "no sub";
  return null;
}

export async function startPushService({ vapidPublicKey }: { vapidPublicKey?: string } = {}) {
  const pems = await generate([{ name: "commonName", value: "localhost" }], { keyType: "ec", days: 2 } as Parameters<typeof generate>[1]);
  const devices = new Map<string, DeviceState>();
  const errors: string[] = [];

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    // A sender killed mid-request resets the connection: that is a test scenario, not an error.
    request.on("error", () => undefined);
    response.on("error", () => undefined);
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? "")?.[1];
      const device = id ? devices.get(id) : undefined;
      if (request.method !== "POST" || !device) {
        response.writeHead(404).end();
        return;
      }
      const problem =
        verifyVapid(request.headers.authorization, device.endpoint, vapidPublicKey) ??
        (request.headers["content-encoding"] !== "aes128gcm" ? "not aes128gcm" : null) ??
        (request.headers.ttl === undefined ? "no TTL" : null);
      if (problem) {
        errors.push(problem);
        response.writeHead(400).end(problem);
        return;
      }
      let payload: unknown;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.keys.auth });
        payload = JSON.parse(plain.toString("utf8"));
      } catch (error) {
        errors.push(`cannot decrypt: ${(error as Error).message}`);
        response.writeHead(400).end("cannot decrypt");
        return;
      }
      if (device.holdNext) {
        device.holdNext = false;
        device.held++;
        response.on("close", () => {
          if (!response.writableEnded) device.abandoned++;
        });
        return; // never answered
      }
      if (device.status !== 201) {
        response.writeHead(device.status).end();
        return;
      }
      device.accepted.push({
        deviceId: device.id,
        payload,
        topic: (request.headers.topic as string | undefined) ?? null,
        ttl: (request.headers.ttl as string | undefined) ?? null,
        urgency: (request.headers.urgency as string | undefined) ?? null,
      });
      response.writeHead(201, { location: `${device.endpoint}/message/${randomBytes(6).toString("hex")}` }).end();
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A new subscription, as `pushManager.subscribe()` would make it in a browser. */
  function createDevice(): Device {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const id = randomBytes(12).toString("base64url");
    const device: DeviceState = {
      id,
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
      accepted: [],
      status: 201,
      holdNext: false,
      held: 0,
      abandoned: 0,
      ecdh,
    };
    devices.set(id, device);
    return device;
  }

  return {
    origin,
    /** The certificate to trust (an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS for a child process). */
    certificate: pems.cert,
    createDevice,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
