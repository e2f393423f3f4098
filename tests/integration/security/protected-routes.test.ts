/**
 * SECURITY.md 6 in-process: every route the app serves that the route table
 * (tests/e2e/api-routes.ts, derived from app/api/**\/route.ts) marks protected answers 401
 * `unauthorized:*` to a request without credentials. tests/e2e/api-security.spec.ts does the
 * same over real HTTP against the production build.
 */
import { describe, expect, it } from "vitest";
import { concretePath, discoverRoutes, ROUTE_TABLE } from "../../e2e/api-routes";

type Handler = (request: Request, context: unknown) => Promise<Response>;

describe("every protected route without credentials", () => {
  it("answers 401 unauthorized:*", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of discoverRoutes()) {
      const entry = ROUTE_TABLE[route];
      if (!entry || !("auth" in entry)) continue;
      const [method, pattern] = route.split(" ") as [string, string];
      const handlers = (await import(/* @vite-ignore */ `${process.cwd()}/app${pattern}/route.ts`)) as Record<string, Handler>;
      const csv = typeof entry.data === "string";
      const body = entry.data === undefined ? undefined : csv ? (entry.data as string) : JSON.stringify(entry.data);
      const request = new Request(`http://localhost:3000${entry.path ?? concretePath(pattern)}`, {
        method,
        body,
        headers: body ? { "content-type": csv ? "text/csv" : "application/json" } : {},
      });
      const params = Object.fromEntries([...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => [m[1], "00000000-0000-4000-8000-000000000000"]));
      const res = await handlers[method]!(request, { params: Promise.resolve(params) });
      const code = ((await res.json().catch(() => ({}))) as { code?: string }).code ?? "";
      if (res.status !== 401 || !code.startsWith("unauthorized:")) failures.push(`${route}: ${res.status} ${code}`);
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  }, 120_000);
});
