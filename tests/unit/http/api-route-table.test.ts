/**
 * The security suite's route table (tests/e2e/api-routes.ts) covers every route the app serves,
 * read from app/api/**\/route.ts: a new route without an entry fails here, without a server.
 */
import { describe, expect, it } from "vitest";
import { discoverRoutes, exportedMethods, ROUTE_TABLE, tableProblems } from "../../e2e/api-routes";

describe("the API route table", () => {
  it("has an entry for every route and method the app exports, and none for a route that is gone", () => {
    const routes = discoverRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(tableProblems(routes)).toEqual([]);
    expect(Object.values(ROUTE_TABLE).filter((e) => "auth" in e).length).toBeGreaterThan(30);
  });

  it("reads every way a route file exports its methods, and reports a route left out", () => {
    expect(
      exportedMethods("export const GET = route(async () => x);\nexport async function POST() {}\nexport const dynamic = 'force-dynamic';"),
    ).toEqual(["GET", "POST"]);
    expect(exportedMethods("export const { GET, POST } = handlers;")).toEqual(["GET", "POST"]);
    expect(exportedMethods("const handle = 1; export { handle as DELETE, handle as PATCH };")).toEqual(["DELETE", "PATCH"]);
    expect(tableProblems([...discoverRoutes(), "PUT /api/new-thing"])).toEqual([
      "PUT /api/new-thing: no entry in tests/e2e/api-routes.ts ROUTE_TABLE",
    ]);
  });
});
