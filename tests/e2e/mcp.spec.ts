/**
 * Issue #6 against the running production app: a token made over the API drives a real MCP
 * client; its changes show up in /api/tasks and in the task panel of the signed-in page.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { PASSWORD, signUpAndIn } from "./fixtures";

test("an MCP client with a personal access token manages that user's tasks", async ({ request, page, baseURL }) => {
  const { email } = await signUpAndIn(request, "mcp");
  const created = await request.post("/api/tokens", { data: { name: "MCP Inspector" } });
  expect(created.status()).toBe(201);
  const { token, id: tokenId } = (await created.json()) as { token: string; id: string };
  expect(token).toMatch(/^tt_/);

  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(["add_task", "list_tasks", "complete_task", "update_task", "delete_task"]),
  );

  const added = (await client.callTool({ name: "add_task", arguments: { title: "Renew passport", priority: "high" } })) as unknown as {
    structuredContent: { task: { id: string } };
  };
  await client.callTool({ name: "add_task", arguments: { title: "Scratch task" } });
  await client.callTool({ name: "complete_task", arguments: { task: "renew passport" } });
  await client.callTool({ name: "delete_task", arguments: { task: "scratch task" } });

  const listed = (await (await request.get("/api/tasks")).json()) as {
    tasks: { id: string; title: string; status: string; priority: string }[];
  };
  expect(listed.tasks).toEqual([
    expect.objectContaining({ id: added.structuredContent.task.id, title: "Renew passport", status: "completed", priority: "high" }),
  ]);

  // The same user's page shows what the MCP client did.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page.getByTestId("task-panel").getByText("Renew passport")).toBeVisible();

  // A revoked token stops working at once.
  expect((await request.delete(`/api/tokens/${tokenId}`)).status()).toBe(204);
  const refused = await fetch(new URL("/api/mcp", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(refused.status).toBe(401);
  await client.close();
});
