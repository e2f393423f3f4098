/**
 * SECURITY.md 6, 7, 8, 9 over real HTTP against the production server: cookies, Origin checks
 * and sessions only exist there.
 */
import { encode } from "next-auth/jwt";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { concretePath, discoverRoutes, ROUTE_TABLE, tableProblems } from "./api-routes";
import { PASSWORD, signUpAndIn } from "./fixtures";

const SOME_ID = "00000000-0000-4000-8000-000000000000";
// Every route of app/api, with how to call it (tests/e2e/api-routes.ts): a route without an entry fails.
const routes = discoverRoutes();
const protectedRoutes: Array<[string, string, unknown?]> = routes.flatMap((route) => {
  const entry = ROUTE_TABLE[route];
  if (!entry || !("auth" in entry)) return [];
  const [method, pattern] = route.split(" ") as [string, string];
  return [[method, entry.path ?? concretePath(pattern), entry.data] as [string, string, unknown?]];
});

async function call(request: APIRequestContext, method: string, path: string, data?: unknown, headers: Record<string, string> = {}) {
  return request.fetch(path, { method, data, headers, maxRedirects: 0 });
}

test.describe("identity at the API", () => {
  test("no session → 401 on every protected route (6)", async ({ request }) => {
    expect(tableProblems(routes)).toEqual([]);
    for (const [method, path, data] of protectedRoutes) {
      const res = await call(request, method, path, data);
      expect(res.status(), `${method} ${path}`).toBe(401);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code, `${method} ${path}`).toMatch(/^unauthorized:/);
    }
  });

  test("a cross-site request with the session cookie is rejected and writes nothing (7)", async ({ request }) => {
    await signUpAndIn(request, "csrf");
    const foreign = await call(request, "POST", "/api/tasks", { title: "from evil" }, { origin: "https://evil.example" });
    expect(foreign.status()).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe("forbidden:origin");
    const crossSite = await call(request, "POST", "/api/tasks", { title: "from evil" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status()).toBe(403);
    const plain = await request.fetch("/api/tasks", {
      method: "POST",
      data: JSON.stringify({ title: "form post" }),
      headers: { "content-type": "text/plain" },
    });
    expect(plain.status()).toBe(400);
    const sameOrigin = await call(
      request,
      "POST",
      "/api/tasks",
      { title: "legit" },
      { origin: new URL(test.info().project.use.baseURL!).origin },
    );
    expect(sameOrigin.status()).toBe(201);
    const tasks = (await (await request.get("/api/tasks")).json()) as { tasks: { title: string }[] };
    expect(tasks.tasks.map((t) => t.title)).toEqual(["legit"]);
  });

  test("a tampered or expired session cookie → 401 (8)", async ({ playwright, request, baseURL }) => {
    await signUpAndIn(request, "tamper");
    const state = await request.storageState();
    const cookie = state.cookies.find((c) => c.name.endsWith("authjs.session-token"));
    expect(cookie).toBeDefined();
    const tampered = cookie!.value.slice(0, -6) + (cookie!.value.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    const expired = await encode({
      token: { sub: SOME_ID, email: "x@example.com" },
      secret: process.env.AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret",
      salt: cookie!.name,
      maxAge: -60,
    });
    for (const value of [tampered, expired, "garbage"]) {
      const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${cookie!.name}=${value}` } });
      const res = await ctx.get("/api/tasks");
      expect(res.status()).toBe(401);
      await ctx.dispose();
    }
  });

  test("a deleted user's still-valid session is refused (9)", async ({ playwright, request, baseURL }) => {
    const { email } = await signUpAndIn(request, "deleted");
    const other = await playwright.request.newContext({ baseURL });
    const { signIn } = await import("./fixtures");
    await signIn(other, email);
    expect((await other.post("/api/tasks", { data: { title: "before" } })).status()).toBe(201);
    const wrong = await request.fetch("/api/account", { method: "DELETE", data: { password: "not the password" } });
    expect(wrong.status()).toBe(403);
    const gone = await request.fetch("/api/account", { method: "DELETE", data: { password: PASSWORD } });
    expect(gone.status()).toBe(204);
    const after = await other.post("/api/tasks", { data: { title: "after" } });
    expect(after.status()).toBe(401);
    expect((await other.get("/api/tasks")).status()).toBe(401);
    await other.dispose();
  });

  test("registration validates input and refuses a taken email (2)", async ({ request }) => {
    const bad = await request.post("/api/register", { data: { email: "not-an-email", password: "short" } });
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toMatch(/^bad_request:/);
    const malformed = await request.post("/api/register", { data: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status()).toBe(400);
    const { email } = await signUpAndIn(request, "dupe");
    const again = await request.post("/api/register", { data: { email: email.toUpperCase(), password: PASSWORD } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("conflict:auth");
  });

  test("health reports the database and the model without secrets", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "ok", db: "ok", model: "builtin" });
    // Under scripts/serve.ts: how many workers and restarts, nothing else.
    expect(Object.keys(body).filter((k) => !["status", "db", "model", "workers"].includes(k))).toEqual([]);
  });
});
