/**
 * The calendar feed's secret is its only credential: a request for the feed that fails must not
 * write the secret (it is in the path) to the logs. The lookup is made to fail; every log line
 * written meanwhile is read.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/calendar/feed-tokens", () => ({
  feedOwner: async () => {
    throw new Error("the lookup failed");
  },
}));

const { GET } = await import("@/app/api/calendar-feed/[secret]/route");

afterEach(() => vi.restoreAllMocks());

describe("calendar feed errors", () => {
  it("answers 500 and logs the failure without the secret", async () => {
    const lines: string[] = [];
    for (const stream of ["error", "log", "warn", "info"] as const)
      vi.spyOn(console, stream).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const secret = "Zm9vYmFyc2VjcmV0X3Rlc3RfdmFsdWVfMTIzNDU2Nzg";
    const res = await GET(new Request(`http://localhost:3000/api/calendar-feed/${secret}.ics`), {
      params: Promise.resolve({ secret: `${secret}.ics` }),
    });
    expect(res.status).toBe(500);
    expect(lines.some((l) => l.includes("request.failed") && l.includes("/api/calendar-feed/"))).toBe(true);
    expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  });
});
