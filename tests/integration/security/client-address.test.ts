/**
 * SECURITY.md 31: per-address limits use the socket's address, or with TRUSTED_PROXY_HOPS=n the
 * address the n-th proxy saw; an X-Forwarded-For a client writes itself is ignored, loopback
 * gets no exemption, and a global ceiling holds when addresses rotate. Served over real HTTP
 * through the same socket-address stamp as scripts/serve.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as registerRoute } from "@/app/api/register/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { normalizeAddress } from "@/lib/http/client-address";
import { serveHandler } from "../http-server";

let served: Awaited<ReturnType<typeof serveHandler>>;
const saved = { ...process.env };
let hour = 0;

function setEnv(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
  resetEnvForTests();
}

async function register(
  headers: Record<string, string> = {},
): Promise<{ status: number; code?: string; retryAfter: string | null; email: string }> {
  const email = `signup-${randomUUID()}@example.com`;
  const res = await fetch(`${served.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password: "correct horse battery staple" }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code, retryAfter: res.headers.get("retry-after"), email };
}

describe("client address and sign-up limits", () => {
  beforeAll(async () => {
    served = await serveHandler((request) => registerRoute(request, undefined as never));
  });
  afterAll(async () => {
    await served.close();
  });
  beforeEach(() => {
    // Each test counts in an hour of its own, so other test files' sign-ups never mix in.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2101, 0, 1) + (Math.floor(Math.random() * 100_000) * 24 + hour++) * 3_600_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...saved };
    resetEnvForTests();
  });

  it("ignores a client's X-Forwarded-For (and our own header) and does not exempt loopback", async () => {
    setEnv({ REGISTER_LIMIT_PER_HOUR: "3", REGISTER_GLOBAL_LIMIT_PER_HOUR: "1000", TRUSTED_PROXY_HOPS: "0" });
    const results = [];
    for (let i = 0; i < 5; i++) {
      // Rotating the header, or claiming to be loopback, must not buy new sign-ups.
      results.push(
        await register({
          "x-forwarded-for": i % 2 ? "127.0.0.1" : `203.0.113.${i}`,
          "x-real-ip": `198.51.100.${i}`,
          "x-talk-todo-socket-address": `192.0.2.${i}`,
        }),
      );
    }
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
    expect(results[3]!.code).toBe("rate_limit:register");
    expect(Number(results[3]!.retryAfter)).toBeGreaterThan(0);
    expect(await db.user.count({ where: { email: { in: results.slice(3).map((r) => r.email) } } })).toBe(0);
  });

  it("with TRUSTED_PROXY_HOPS=1 counts the address the proxy appended, not what the client wrote before it", async () => {
    setEnv({ REGISTER_LIMIT_PER_HOUR: "2", REGISTER_GLOBAL_LIMIT_PER_HOUR: "1000", TRUSTED_PROXY_HOPS: "1" });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await register({ "x-forwarded-for": `10.9.9.${i}, 203.0.113.77` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    // Another client behind the same proxy has its own count.
    expect((await register({ "x-forwarded-for": "203.0.113.78" })).status).toBe(201);
  });

  it("with TRUSTED_PROXY_HOPS=1 still counts per address when the proxy writes ip:port, or anything unreadable (case 52)", async () => {
    setEnv({ REGISTER_LIMIT_PER_HOUR: "2", REGISTER_GLOBAL_LIMIT_PER_HOUR: "1000", TRUSTED_PROXY_HOPS: "1" });
    // The same client from different source ports is one address.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await register({ "x-forwarded-for": `203.0.113.90:${40000 + i}` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    const v6 = [];
    for (let i = 0; i < 3; i++) v6.push((await register({ "x-forwarded-for": `[2001:db8:5:6::${i + 1}]:${50000 + i}` })).status);
    expect(v6).toEqual([201, 201, 429]);
    // An entry that is no address at all is still a key of its own, never "no limit".
    const junk = [];
    for (let i = 0; i < 3; i++) junk.push((await register({ "x-forwarded-for": "unknown" })).status);
    expect(junk).toEqual([201, 201, 429]);
  });

  it("stops every sign-up at the global ceiling, however many addresses are used", async () => {
    setEnv({ REGISTER_LIMIT_PER_HOUR: "10", REGISTER_GLOBAL_LIMIT_PER_HOUR: "3", TRUSTED_PROXY_HOPS: "1" });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await register({ "x-forwarded-for": `198.51.100.${i}` }));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
    expect(results[4]!.code).toBe("rate_limit:register");
  });
});

describe("normalizeAddress", () => {
  it("keys IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64", () => {
    expect(normalizeAddress("203.0.113.5")).toBe("203.0.113.5");
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("::1")).toBe("0:0:0:0::/64");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(normalizeAddress("203.0.113.5:8080")).toBe("203.0.113.5");
    expect(normalizeAddress("[2001:db8:1:2::1]:443")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("[::ffff:198.51.100.7]:1234")).toBe("198.51.100.7");
    expect(normalizeAddress("not an address")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });
});
