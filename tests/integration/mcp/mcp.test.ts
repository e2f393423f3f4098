/**
 * A real MCP client (Streamable HTTP) against /api/mcp: the tool list is the agent's, tools act
 * for the token's user only, and every unauthenticated call is refused before any tool runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { POST } from "@/app/api/mcp/route";
import { GET as listRoute } from "@/app/api/tasks/route";
import { taskToolDefinitions } from "@/lib/agent/tools/definitions";
import { db } from "@/lib/db";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { serveHandler } from "../http-server";

type Served = Awaited<ReturnType<typeof serveHandler>>;
let served: Served;

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${served.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

type Result = { isError?: boolean; structuredContent?: Record<string, unknown> };
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

describe("MCP server", () => {
  let ada: TestUser;
  let babbage: TestUser;
  let adaClient: Client;
  let babbageClient: Client;

  beforeAll(async () => {
    served = await serveHandler((request) => POST(request));
    ada = await createTestUser("ada-mcp");
    babbage = await createTestUser("babbage-mcp");
    adaClient = await connect(ada.token);
    babbageClient = await connect(babbage.token);
  });

  afterAll(async () => {
    await adaClient?.close();
    await babbageClient?.close();
    await served?.close();
  });

  it("lists exactly the agent's tools, with the same schemas and hints", async () => {
    const { tools } = await adaClient.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(taskToolDefinitions.map((d) => d.name).sort());
    for (const definition of taskToolDefinitions) {
      const listed = tools.find((t) => t.name === definition.name)!;
      expect(listed.description).toBe(definition.description);
      expect(listed.annotations?.destructiveHint).toBe(definition.annotations.destructiveHint);
      expect(listed.annotations?.readOnlyHint).toBe(definition.annotations.readOnlyHint);
      const expected = z.toJSONSchema(definition.inputSchema) as { properties?: Record<string, unknown> };
      expect(Object.keys(listed.inputSchema.properties ?? {}).sort()).toEqual(Object.keys(expected.properties ?? {}).sort());
      expect(JSON.stringify(listed.inputSchema)).not.toMatch(/user_?id/i);
    }
    expect(tools.find((t) => t.name === "delete_task")?.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === "list_tasks")?.annotations?.readOnlyHint).toBe(true);
  });

  it("adds, lists, completes, updates and deletes a task, visible through /api/tasks", async () => {
    const added = await call(adaClient, "add_task", { title: "Buy stamps", priority: "high" });
    expect(added.isError).toBeFalsy();
    const task = added.structuredContent?.task as { id: string; title: string };
    expect(task.title).toBe("Buy stamps");

    const listed = await call(adaClient, "list_tasks", {});
    expect((listed.structuredContent?.tasks as { id: string }[]).map((t) => t.id)).toContain(task.id);

    const completed = await call(adaClient, "complete_task", { task: "buy stamps" });
    expect((completed.structuredContent?.task as { status: string }).status).toBe("completed");

    const updated = await call(adaClient, "update_task", { task: task.id, title: "Buy more stamps", status: "pending" });
    expect(updated.structuredContent?.task).toMatchObject({ title: "Buy more stamps", status: "pending" });

    const rest = await listRoute(apiRequest("/api/tasks", { headers: ada.auth }), { params: Promise.resolve({}) });
    expect(((await rest.json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title)).toEqual(["Buy more stamps"]);

    const deleted = await call(adaClient, "delete_task", { task: task.id });
    expect(deleted.isError).toBeFalsy();
    expect(await db.task.count({ where: { id: task.id } })).toBe(0);
  });

  it("never lets one token's user see or touch another user's task", async () => {
    const added = await call(adaClient, "add_task", { title: "Ada only" });
    const id = (added.structuredContent?.task as { id: string }).id;
    const before = await db.task.findUnique({ where: { id } });

    const list = await call(babbageClient, "list_tasks", { query: "Ada only" });
    expect(list.structuredContent?.tasks).toEqual([]);
    for (const [name, args] of [
      ["complete_task", { task: id }],
      ["update_task", { task: id, title: "pwned" }],
      ["delete_task", { task: id }],
      ["delete_tasks", { ids: [id] }],
    ] as const) {
      const result = await call(babbageClient, name, args);
      const content = result.structuredContent as { ok: boolean; code?: string };
      expect(result.isError, name).toBe(true);
      expect(content.code, name).toBe("not_found");
    }
    expect(await db.task.findUnique({ where: { id } })).toEqual(before);
  });

  it("answers invalid arguments with a tool error naming the field, and writes nothing", async () => {
    const before = await db.task.count({ where: { userId: ada.user.id } });
    const extra = await call(adaClient, "add_task", { title: "x", userId: babbage.user.id });
    expect(extra.isError).toBe(true);
    expect(JSON.stringify(extra)).toMatch(/userId/);
    const enumError = await call(adaClient, "add_task", { title: "x", priority: "urgent" });
    expect(enumError.isError).toBe(true);
    expect(JSON.stringify(enumError)).toMatch(/priority/);
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(before);
  });

  it("refuses missing, malformed, revoked and deleted-user tokens with 401 before any tool runs", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "add_task", arguments: { title: "sneaky" } },
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const gone = await createTestUser("gone-mcp");
    await db.user.delete({ where: { id: gone.user.id } });
    const revoked = await createTestUser("revoked-mcp");
    await db.apiToken.deleteMany({ where: { userId: revoked.user.id } });
    for (const authorization of [undefined, "Bearer nope", `Bearer ${revoked.token}`, `Bearer ${gone.token}`]) {
      const res = await fetch(`${served.url}/api/mcp`, {
        method: "POST",
        body,
        headers: { ...headers, ...(authorization ? { authorization } : {}) },
      });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(((await res.json()) as { code: string }).code).toBe("unauthorized:mcp");
    }
    expect(await db.task.count({ where: { title: "sneaky" } })).toBe(0);
  });
});

describe("one definition for the agent and MCP", () => {
  it("the agent's AI SDK tools are built from the same definitions the MCP server registers", async () => {
    const { createTaskTools } = await import("@/lib/agent/tools/ai-tools");
    const tools = createTaskTools({ userId: "00000000-0000-4000-8000-000000000001", timeZone: "UTC", actor: "agent", requestId: null });
    expect(Object.keys(tools).sort()).toEqual(taskToolDefinitions.map((d) => d.name).sort());
    const { asSchema } = await import("ai");
    for (const definition of taskToolDefinitions) {
      const agentSchema = (await asSchema(tools[definition.name]!.inputSchema).jsonSchema) as {
        properties?: object;
        additionalProperties?: unknown;
      };
      const mcpSchema = z.toJSONSchema(definition.inputSchema) as { properties?: object; additionalProperties?: unknown };
      expect(agentSchema.properties).toEqual(mcpSchema.properties);
      expect(agentSchema.additionalProperties).toBe(false);
      expect(tools[definition.name]!.description).toBe(definition.description);
    }
  });
});
