/**
 * SECURITY.md 22 and 32: an MCP body over the size limit is 413 and a JSON-RPC batch is refused
 * before any tool runs; MCP and REST writes are limited per token and per user, counted
 * atomically (a parallel burst never overshoots) and answered 429 with Retry-After; reads and
 * refused requests change nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { POST as createRoute } from "@/app/api/tasks/route";
import { createApiToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { MAX_JSON_BODY_BYTES } from "@/lib/limits";
import { apiRequest, createTestUser } from "../helpers";

const none = { params: Promise.resolve({}) };
const saved = { ...process.env };
let id = 0;

function mcp(token: string, body: unknown, raw?: string): Promise<Response> {
  return mcpRoute(
    new Request("http://localhost:3000/api/mcp", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: raw ?? JSON.stringify(body),
    }),
  );
}

function toolCall(name: string, args: Record<string, unknown>) {
  return { jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args } };
}

function limits(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
  resetEnvForTests();
}

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { code: string }).code;
}

describe("MCP bodies and batches", () => {
  it("refuses a body over the size limit with 413 before any tool runs", async () => {
    const { user, token } = await createTestUser("big-body");
    const huge = JSON.stringify(toolCall("add_task", { title: "x", description: "y".repeat(MAX_JSON_BODY_BYTES) }));
    const res = await mcp(token, null, huge);
    expect(res.status).toBe(413);
    expect(await codeOf(res)).toBe("too_large:body");
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a JSON-RPC batch: none of its calls run", async () => {
    const { user, token } = await createTestUser("batch");
    const batch = Array.from({ length: 50 }, (_, i) => toolCall("add_task", { title: `batched ${i}` }));
    const res = await mcp(token, batch);
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe("bad_request:mcp_batch");
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  it("still answers a single call", async () => {
    const { user, token } = await createTestUser("single");
    const res = await mcp(token, toolCall("add_task", { title: "one" }));
    expect(res.status).toBe(200);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("write limits", () => {
  beforeEach(() => {
    // One fixed minute, so the burst cannot straddle two windows.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2103, 0, 1, 12, 0, 10));
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...saved };
    resetEnvForTests();
  });

  it("limits MCP writes per token: a parallel burst gets exactly the limit, then 429 + Retry-After", async () => {
    limits({ TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: "3", WRITE_RATE_LIMIT_PER_MINUTE: "1000" });
    const { user, token } = await createTestUser("mcp-burst");
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => mcp(token, toolCall("add_task", { title: `burst ${i}` }))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await codeOf(refused)).toBe("rate_limit:write");
    expect(Number(refused.headers.get("retry-after"))).toBe(50);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(3);
    // Reads are not writes: listing still works.
    const list = await mcp(token, toolCall("list_tasks", {}));
    expect(list.status).toBe(200);
  });

  it("limits a user's writes across tokens and REST, whatever token is used", async () => {
    limits({ TOKEN_WRITE_RATE_LIMIT_PER_MINUTE: "1000", WRITE_RATE_LIMIT_PER_MINUTE: "4" });
    const ada = await createTestUser("rest-burst");
    const second = await createApiToken({ userId: ada.user.id, name: "second" });
    const requests = [
      ...Array.from({ length: 3 }, (_, i) =>
        createRoute(apiRequest("/api/tasks", { body: { title: `rest ${i}` }, headers: ada.auth }), none),
      ),
      ...Array.from({ length: 3 }, (_, i) => mcp(second.token, toolCall("add_task", { title: `mcp ${i}` }))),
    ];
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(4);
    // Another user is not affected.
    const babbage = await createTestUser("rest-other");
    expect((await createRoute(apiRequest("/api/tasks", { body: { title: "mine" }, headers: babbage.auth }), none)).status).toBe(201);
  });
});
