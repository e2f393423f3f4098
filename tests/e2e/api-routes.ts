/**
 * Every API route of the app, found from the files (`app/api/**\/route.ts` and the methods each
 * exports), with how to call it in the security suite: `auth` routes must answer 401 without a
 * session; `public` routes say why they need none. A route without an entry here, or an entry
 * without a route, fails the suite (tests/unit/http/api-route-table.test.ts checks it without a
 * server too), so a new route cannot be left out of the identity checks.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type RouteEntry = { auth: true; data?: unknown; path?: string } | { public: string };

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** "METHOD /api/…" with Next's segment names ([id], [...nextauth]) → how to call it. */
export const ROUTE_TABLE: Record<string, RouteEntry> = {
  "GET /api/tasks": { auth: true },
  "POST /api/tasks": { auth: true, data: { title: "x" } },
  "GET /api/tasks/[id]": { auth: true },
  "PATCH /api/tasks/[id]": { auth: true, data: { title: "x" } },
  "DELETE /api/tasks/[id]": { auth: true },
  "POST /api/tasks/parse": { auth: true, data: { text: "buy milk tomorrow" } },
  "GET /api/tokens": { auth: true },
  "POST /api/tokens": { auth: true, data: { name: "x" } },
  "DELETE /api/tokens/[id]": { auth: true },
  "POST /api/chat": { auth: true, data: { id: SOME_ID, message: { id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] } } },
  "POST /api/agent": { auth: true, data: { message: "hi" } },
  "GET /api/conversations": { auth: true },
  "GET /api/conversations/[id]": { auth: true },
  "PATCH /api/conversations/[id]": { auth: true, data: { title: "x" } },
  "DELETE /api/conversations/[id]": { auth: true },
  "POST /api/conversations/[id]/stop": { auth: true },
  "DELETE /api/account": { auth: true, data: { password: "whatever" } },
  "POST /api/account/password": { auth: true, data: { currentPassword: "whatever", newPassword: "another long password" } },
  "DELETE /api/account/sessions": { auth: true },
  "GET /api/activity": { auth: true },
  "POST /api/undo": { auth: true, data: { requestId: "some-request" } },
  "GET /api/export": { auth: true },
  "POST /api/import": { auth: true, data: "title\nx" },
  "GET /api/lists": { auth: true },
  "POST /api/lists": { auth: true, data: { name: "x" } },
  "GET /api/lists/[id]": { auth: true },
  "PATCH /api/lists/[id]": { auth: true, data: { name: "x" } },
  "DELETE /api/lists/[id]": { auth: true },
  "GET /api/reminders": { auth: true },
  "POST /api/reminders/[taskId]/dismiss": { auth: true },
  "POST /api/reminders/[taskId]/snooze": { auth: true, data: { until: "2030-01-01T10:00:00Z" } },
  "GET /api/calendar-feed": { auth: true },
  "POST /api/calendar-feed": { auth: true },
  "DELETE /api/calendar-feed": { auth: true },
  "GET /api/mcp": { auth: true },
  "POST /api/mcp": { auth: true, data: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
  "DELETE /api/mcp": { auth: true },
  "GET /api/push/subscriptions": { auth: true },
  "POST /api/push/subscriptions": {
    auth: true,
    data: { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "x", auth: "x" } },
  },
  "DELETE /api/push/subscriptions/[id]": { auth: true },
  "GET /api/account/preferences": { auth: true },
  "PATCH /api/account/preferences": { auth: true, data: { emailReminders: true } },
  "GET /api/account": { auth: true },
  "POST /api/account/reauth": { auth: true, data: { password: "whatever" } },
  "POST /api/account/verify-email": { auth: true, data: { token: "x".repeat(43) } },
  "POST /api/account/verify-email/send": { auth: true },
  "POST /api/account/identities": { auth: true, data: { provider: "oidc" } },
  "GET /api/push/public-key": { public: "the VAPID public key, public by design" },
  "GET /api/calendar-feed/[secret]": { public: "the secret in the path is the credential (a wrong one is 404)" },
  "GET /api/health": { public: "monitoring: status without secrets" },
  "POST /api/register": { public: "sign-up (limited per address and globally)" },
  "POST /api/password-reset": { public: "asks for a reset mail (limited per email and address)" },
  "POST /api/password-reset/confirm": { public: "the reset token is the credential" },
  "GET /api/auth/[...nextauth]": { public: "Auth.js's own endpoints (CSRF-protected by Auth.js)" },
  "POST /api/auth/[...nextauth]": { public: "Auth.js's own endpoints (CSRF-protected by Auth.js)" },
};

/** The methods a route file exports: `export const GET = …`, `export async function POST`, `export const { GET, POST } = …`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:const|let|function)\s+(?:\{([^}]*)\}|(\w+))/g)) {
    const names = m[1]
      ? m[1].split(",").map((n) =>
          n
            .trim()
            .split(/\s*:\s*/)
            .pop()!
            .trim(),
        )
      : [m[2]!];
    for (const name of names) if ((METHODS as readonly string[]).includes(name)) found.add(name);
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if ((METHODS as readonly string[]).includes(name)) found.add(name);
    }
  }
  return [...found].sort();
}

/** Every "METHOD /api/…" the app serves, from its route files. */
export function discoverRoutes(root = process.cwd()): string[] {
  const base = path.join(root, "app", "api");
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const url = `/api/${path.relative(base, dir).split(path.sep).join("/")}`.replace(/\/$/, "");
        for (const method of exportedMethods(readFileSync(full, "utf8"))) routes.push(`${method} ${url}`);
      }
    }
  };
  walk(base);
  return routes.sort();
}

/** The concrete path to call for a route pattern: every [segment] becomes an id that matches nothing. */
export function concretePath(pattern: string): string {
  return pattern.replace(/\[\.{3}[^\]]+\]/g, "session").replace(/\[[^\]]+\]/g, SOME_ID);
}

/** Problems with the table against the app's routes: routes without an entry, entries without a route. */
export function tableProblems(routes: string[]): string[] {
  const missing = routes.filter((r) => !(r in ROUTE_TABLE)).map((r) => `${r}: no entry in tests/e2e/api-routes.ts ROUTE_TABLE`);
  const stale = Object.keys(ROUTE_TABLE)
    .filter((r) => !routes.includes(r))
    .map((r) => `${r}: in ROUTE_TABLE but no route exports it`);
  return [...missing, ...stale];
}
