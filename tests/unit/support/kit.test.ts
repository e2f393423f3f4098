/** The shared test and benchmark kit (tests/support): the figures and cookies every bench and test relies on. */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { CookieJar } from "@/tests/support/cookie-jar.mjs";
import { freePort, portIsFree } from "@/tests/support/server.mjs";
import { percentile, summarise } from "@/tests/support/stats.mjs";

describe("percentile (nearest rank)", () => {
  it("takes the value at rank ⌈p·n⌉ of the sorted numbers, skipping what is not a number", () => {
    const values = [5, 1, 4, 2, 3, null, undefined, Number.NaN, 6, 7, 8, 9, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 50)).toBeNull();
  });

  it("summarises timings rounded to 0.1 ms", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i + 0.06); // 100.06 … 1.06, unsorted
    expect(summarise(samples)).toEqual({ n: 100, p50: 50.1, p95: 95.1, p99: 99.1, max: 100.1 });
    expect(summarise([])).toEqual({ n: 0, p50: 0, p95: 0, p99: 0, max: 0 });
  });
});

describe("CookieJar", () => {
  it("keeps what Set-Cookie sets, sends it back, and forgets expired or emptied cookies", () => {
    const jar = new CookieJar();
    const set = (...lines: string[]) => jar.store(new Response(null, { headers: lines.map((l) => ["set-cookie", l] as [string, string]) }));
    set("authjs.csrf-token=abc%7Cdef; Path=/; HttpOnly", "authjs.session-token=s1; Path=/; Max-Age=2592000", "theme=dark");
    expect(jar.header()).toBe("authjs.csrf-token=abc%7Cdef; authjs.session-token=s1; theme=dark");
    set("authjs.session-token=; Path=/; Max-Age=0", "theme=light; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    expect(jar.header()).toBe("authjs.csrf-token=abc%7Cdef");
    jar.store({ headers: { "set-cookie": ["a=1"] } }); // a Node response's headers
    jar.store(["b=2; Path=/"]);
    expect(jar.get("a")).toBe("1");
    const copy = jar.clone();
    jar.clear();
    expect(jar.header()).toBe("");
    expect(copy.header()).toBe("authjs.csrf-token=abc%7Cdef; a=1; b=2");
  });
});

describe("ports", () => {
  it("finds a free port, and sees it taken while something listens on it", async () => {
    const port = await freePort();
    expect(await portIsFree(port)).toBe(true);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
