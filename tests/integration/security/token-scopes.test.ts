/**
 * SECURITY.md 34: personal access tokens do only what their scopes allow (403 forbidden:scope,
 * nothing changed), expire, can never mint, list or revoke tokens (only the signed-in website
 * can), and a user has at most 20 of them — also when they are created in parallel.
 */
import { describe, expect, it } from "vitest";
import { POST as agentRoute } from "@/app/api/agent/route";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/tasks/route";
import { DELETE as deleteTaskRoute, PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { DELETE as revokeRoute } from "@/app/api/tokens/[id]/route";
import { GET as listTokensRoute, POST as createTokenRoute } from "@/app/api/tokens/route";
import { createApiToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { MAX_TOKENS_PER_USER } from "@/lib/auth/token-schema";
import { apiRequest, createTestUser, params, sessionCookie } from "../helpers";

const none = { params: Promise.resolve({}) };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

function mcpCall(token: string, name: string, args: Record<string, unknown>): Promise<Response> {
  return mcpRoute(
    new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    }),
  );
}

describe("token scopes", () => {
  it("a tasks:read token reads but cannot write, over REST and MCP; nothing changes", async () => {
    const ada = await createTestUser("scoped-reader");
    const task = (
      (await (await createRoute(apiRequest("/api/tasks", { body: { title: "keep me" }, headers: ada.auth }), none)).json()) as {
        task: { id: string };
      }
    ).task;
    const reader = await createApiToken({ userId: ada.user.id, name: "reader", scopes: ["tasks:read"] });
    const before = await db.task.findMany({ where: { userId: ada.user.id } });

    expect((await listRoute(apiRequest("/api/tasks", { headers: bearer(reader.token) }), none)).status).toBe(200);
    const writes = [
      await createRoute(apiRequest("/api/tasks", { body: { title: "nope" }, headers: bearer(reader.token) }), none),
      await patchRoute(
        apiRequest(`/api/tasks/${task.id}`, { method: "PATCH", body: { title: "changed" }, headers: bearer(reader.token) }),
        params({ id: task.id }),
      ),
      await deleteTaskRoute(
        apiRequest(`/api/tasks/${task.id}`, { method: "DELETE", headers: bearer(reader.token) }),
        params({ id: task.id }),
      ),
      await mcpCall(reader.token, "add_task", { title: "nope" }),
      await mcpCall(reader.token, "delete_task", { task: task.id }),
    ];
    for (const res of writes) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("forbidden:scope");
    }
    expect((await mcpCall(reader.token, "list_tasks", {})).status).toBe(200);
    expect(await db.task.findMany({ where: { userId: ada.user.id } })).toEqual(before);
  });

  it("a tasks:write token cannot read, and only an agent token may run agent turns", async () => {
    const ada = await createTestUser("scoped-writer");
    const writer = await createApiToken({ userId: ada.user.id, name: "writer", scopes: ["tasks:write"] });
    const read = await listRoute(apiRequest("/api/tasks", { headers: bearer(writer.token) }), none);
    expect(read.status).toBe(403);
    expect(await codeOf(read)).toBe("forbidden:scope");
    const turn = await agentRoute(apiRequest("/api/agent", { body: { message: "add milk" }, headers: bearer(writer.token) }), none);
    expect(turn.status).toBe(403);
    expect(await codeOf(turn)).toBe("forbidden:scope");
    expect(await db.conversation.count({ where: { userId: ada.user.id } })).toBe(0);
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(0);
  });

  it("no token can create, list or revoke tokens, even one with every scope", async () => {
    const ada = await createTestUser("token-minter");
    const stored = () =>
      db.apiToken.findMany({
        where: { userId: ada.user.id },
        select: { id: true, name: true, scopes: true, expiresAt: true, revokedAt: true },
      });
    const before = await stored();
    const id = before[0]!.id;
    const answers = [
      await createTokenRoute(apiRequest("/api/tokens", { body: { name: "minted" }, headers: ada.auth }), none),
      await listTokensRoute(apiRequest("/api/tokens", { headers: ada.auth }), none),
      await revokeRoute(apiRequest(`/api/tokens/${id}`, { method: "DELETE", headers: ada.auth }), params({ id })),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("forbidden:token");
    }
    expect(await stored()).toEqual(before);
  });

  it("the website creates a token with scopes and an expiry; it stops working when it expires", async () => {
    const ada = await createTestUser("expiring");
    const session = await sessionCookie(ada.user.id);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await createTokenRoute(
      apiRequest("/api/tokens", { body: { name: "for a day", scopes: ["tasks:read"], expiresAt }, headers: session }),
      none,
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; token: string; scopes: string[]; expiresAt: string };
    expect(created).toMatchObject({ scopes: ["tasks:read"], expiresAt });
    const listed = (await (await listTokensRoute(apiRequest("/api/tokens", { headers: session }), none)).json()) as {
      tokens: { id: string; scopes: string[]; expiresAt: string | null }[];
    };
    expect(listed.tokens.find((t) => t.id === created.id)).toMatchObject({ scopes: ["tasks:read"], expiresAt });
    expect((await listRoute(apiRequest("/api/tasks", { headers: bearer(created.token) }), none)).status).toBe(200);

    await db.apiToken.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await listRoute(apiRequest("/api/tasks", { headers: bearer(created.token) }), none);
    expect(expired.status).toBe(401);
    expect(await codeOf(expired)).toBe("unauthorized:token");
  });

  it("refuses unknown scopes and expiries in the past", async () => {
    const ada = await createTestUser("bad-token-input");
    const session = await sessionCookie(ada.user.id);
    for (const body of [
      { name: "x", scopes: ["admin"] },
      { name: "x", scopes: [] },
      { name: "x", expiresAt: "2001-01-01T00:00:00Z" },
      { name: "x", expiresAt: "tomorrow" },
    ]) {
      const res = await createTokenRoute(apiRequest("/api/tokens", { body, headers: session }), none);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.apiToken.count({ where: { userId: ada.user.id } })).toBe(1);
  });

  it(`allows at most ${MAX_TOKENS_PER_USER} tokens per user, also when created in parallel`, async () => {
    const ada = await createTestUser("hoarder");
    const session = await sessionCookie(ada.user.id);
    const answers = await Promise.all(
      Array.from({ length: MAX_TOKENS_PER_USER + 5 }, (_, i) =>
        createTokenRoute(apiRequest("/api/tokens", { body: { name: `t${i}` }, headers: session }), none),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // One token already exists (createTestUser's).
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_TOKENS_PER_USER - 1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    expect(await db.apiToken.count({ where: { userId: ada.user.id } })).toBe(MAX_TOKENS_PER_USER);
  });
});
