/**
 * A tool call's effect and its ToolInvocation row share one transaction (the real tools, the
 * real task service, the test database): a call already recorded returns its stored output and
 * changes nothing again, and an effect whose record cannot be written is rolled back.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ToolExecutionOptions } from "ai";
import { db } from "@/lib/db";
import { createTaskTools, type ProposedCall } from "@/lib/agent/tools/ai-tools";
import { startAgentRun } from "@/lib/conversations";
import { createTestUser, type TestUser } from "../helpers";

let ada: TestUser;

beforeAll(async () => {
  ada = await createTestUser("ada-durable");
});

async function conversationWithRun(user: TestUser): Promise<{ conversationId: string; runId: string }> {
  const conversationId = randomUUID();
  await db.conversation.create({ data: { id: conversationId, userId: user.user.id } });
  const runId = await startAgentRun({
    id: randomUUID(),
    requestId: `test-${randomUUID()}`,
    userId: user.user.id,
    conversationId,
    model: "test",
    userMessage: null,
  });
  return { conversationId, runId };
}

function turnTools(user: TestUser, conversationId: string, runReady: Promise<string>) {
  return createTaskTools({
    userId: user.user.id,
    timeZone: "UTC",
    actor: "agent",
    requestId: `test-${randomUUID()}`,
    conversationId,
    turn: {
      conversationId,
      runReady,
      proposals: new Map<string, ProposedCall>(),
      budget: { used: 0, max: 10 },
      signal: new AbortController().signal,
    },
  });
}

const options = (toolCallId: string) => ({ toolCallId, messages: [] }) as unknown as ToolExecutionOptions<unknown>;

describe("a tool call and its effect commit together", () => {
  it("the same call made again in the run returns the stored output and adds nothing", async () => {
    const { conversationId, runId } = await conversationWithRun(ada);
    const tools = turnTools(ada, conversationId, Promise.resolve(runId));
    const title = `Durable ${randomUUID().slice(0, 8)}`;
    const first = (await tools.add_task!.execute!({ title }, options("call-same"))) as { ok: boolean; task: { id: string } };
    const again = (await tools.add_task!.execute!({ title }, options("call-same"))) as { ok: boolean; task: { id: string } };
    expect(first.ok).toBe(true);
    expect(again.task.id).toBe(first.task.id);
    expect(await db.task.count({ where: { userId: ada.user.id, title } })).toBe(1);
    const rows = await db.toolInvocation.findMany({ where: { runId, toolCallId: "call-same" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "executed", success: true, conversationId });
  });

  it("an effect whose record cannot be written is rolled back", async () => {
    const { conversationId } = await conversationWithRun(ada);
    // A run id with no AgentRun row: writing the call's row fails (foreign key), inside the effect's transaction.
    const tools = turnTools(ada, conversationId, Promise.resolve(randomUUID()));
    const title = `Rolled back ${randomUUID().slice(0, 8)}`;
    await expect(tools.add_task!.execute!({ title }, options("call-orphan"))).rejects.toThrow();
    expect(await db.task.count({ where: { userId: ada.user.id, title } })).toBe(0);
    expect(await db.taskActivity.count({ where: { userId: ada.user.id, after: { path: ["title"], equals: title } } })).toBe(0);
  });
});
