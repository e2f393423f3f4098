/**
 * Lists, labels and subtasks over MCP (a real client against /api/mcp), for two token users:
 * the same tools and results as the agent, and one user's lists never reach the other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST } from "@/app/api/mcp/route";
import { GET as listRoute } from "@/app/api/tasks/route";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { serveHandler } from "../http-server";

let served: Awaited<ReturnType<typeof serveHandler>>;
type Result = { isError?: boolean; structuredContent?: Record<string, unknown> };

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "organise-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${served.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

describe("MCP: lists, labels, subtasks", () => {
  let ada: TestUser;
  let bob: TestUser;
  let adaClient: Client;
  let bobClient: Client;
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as Result;

  beforeAll(async () => {
    served = await serveHandler((request) => POST(request));
    ada = await createTestUser("ada-mcp-organise");
    bob = await createTestUser("bob-mcp-organise");
    adaClient = await connect(ada.token);
    bobClient = await connect(bob.token);
  });

  afterAll(async () => {
    await adaClient?.close();
    await bobClient?.close();
    await served?.close();
  });

  it("creates a list, adds a labelled task with steps to it, and REST sees the same", async () => {
    const missing = await call(adaClient, "add_task", { title: "Milk", list: "Groceries" });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ ok: false, missing: "list", query: "Groceries" });
    expect(await db.taskList.count({ where: { userId: ada.user.id } })).toBe(0);

    expect((await call(adaClient, "create_list", { name: "Groceries" })).structuredContent).toMatchObject({
      ok: true,
      list: { name: "Groceries" },
    });
    const added = await call(adaClient, "add_task", {
      title: "Dinner party shopping #weekend",
      list: "groceries",
      subtasks: ["Wine", "Cheese"],
    });
    expect(added.isError).toBeFalsy();
    const task = added.structuredContent?.task as TaskView;
    expect(task).toMatchObject({
      title: "Dinner party shopping",
      labels: ["weekend"],
      list: { name: "Groceries" },
      subtasks: { done: 0, total: 2 },
    });

    const rest = await listRoute(apiRequest(`/api/tasks?parent=${task.id}`, { headers: ada.auth }), { params: Promise.resolve({}) });
    expect(((await rest.json()) as { tasks: TaskView[] }).tasks.map((t) => t.title).sort()).toEqual(["Cheese", "Wine"]);
    expect((await call(adaClient, "list_lists", {})).structuredContent).toMatchObject({
      ok: true,
      lists: [{ name: "Groceries", taskCount: 3 }],
    });
  });

  it("another user sees none of it and cannot use the list by name", async () => {
    expect((await call(bobClient, "list_lists", {})).structuredContent).toMatchObject({ ok: true, lists: [] });
    expect((await call(bobClient, "list_tasks", { label: "weekend" })).structuredContent).toMatchObject({ ok: true, tasks: [] });
    const sneaky = await call(bobClient, "add_task", { title: "Sneaky", list: "Groceries" });
    expect(sneaky.structuredContent).toMatchObject({ ok: false, missing: "list", lists: [] });
    const underAda = await call(bobClient, "add_task", { title: "Sneaky step", parent: "dinner party shopping" });
    expect(underAda.structuredContent).toMatchObject({ ok: false, code: "not_found" });
    expect(await db.task.count({ where: { userId: bob.user.id } })).toBe(0);
  });
});
