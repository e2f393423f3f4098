import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTask, listTasks } from "@/lib/tasks/service";
import { loadMessages } from "@/lib/conversations";
import { createTestUser, type TestUser } from "../helpers";
import { scriptedModel, toolResultsIn } from "../../fakes/scripted-model";
import { turn, setTestModel } from "./turn-helpers";

let ada: TestUser;

beforeAll(async () => {
  ada = await createTestUser("ada");
});

afterEach(() => setTestModel(null));

describe("the agent loop", () => {
  it("runs a tool call, then answers with text; persists both messages and the audit", async () => {
    const model = scriptedModel([
      { calls: [{ name: "add_task", input: { title: "Buy milk", due: "2026-11-23" } }] },
      { text: "Added 'Buy milk', due tomorrow." },
    ]);
    setTestModel(model);
    const conversationId = randomUUID();
    const out = await turn(ada.user, "add buy milk tomorrow", { conversationId });
    expect(out.status).toBe("completed");
    expect(out.response).toBe("Added 'Buy milk', due tomorrow.");
    expect(out.iterations).toBe(2);
    expect(out.toolCalls).toHaveLength(1);
    expect(out.toolCalls[0]).toMatchObject({ toolName: "add_task", success: true, errorCode: null });
    expect(toolResultsIn(model.prompts[1])[0]?.output).toMatchObject({ type: "json", value: { ok: true, task: { title: "Buy milk" } } });

    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.parts.some((p) => p.type === "tool-add_task")).toBe(true);
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId }, include: { toolInvocations: true } });
    expect(run).toMatchObject({ status: "completed", steps: 2, finishReason: "stop" });
    expect(run.toolInvocations).toHaveLength(1);
    expect(run.toolInvocations[0]).toMatchObject({ toolName: "add_task", success: true });
    const conversation = await db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(conversation.title).toBe("add buy milk tomorrow");
    expect(conversation.activeTurnId).toBeNull();
  });
});

describe("tool calls", () => {
  it("runs several tool calls of one step", async () => {
    setTestModel(
      scriptedModel([
        {
          calls: [
            { name: "add_task", input: { title: "Alpha one" } },
            { name: "add_task", input: { title: "Beta two", priority: "high" } },
          ],
        },
        { text: "Added both." },
      ]),
    );
    const out = await turn(ada.user, "add alpha one and beta two");
    expect(out.status).toBe("completed");
    expect(out.toolCalls.map((c) => c.toolName)).toEqual(["add_task", "add_task"]);
    const { tasks } = await listTasks({ userId: ada.user.id, timeZone: "UTC", q: "two" });
    expect(tasks.map((t) => [t.title, t.priority])).toContainEqual(["Beta two", "high"]);
  });

  it("gives invalid arguments and unknown tools back to the model as tool errors: no write, no crash", async () => {
    const before = await db.task.count({ where: { userId: ada.user.id } });
    const model = scriptedModel([
      {
        calls: [
          { name: "add_task", input: { title: "Bad", priority: "urgent" } },
          { name: "add_task", input: { title: "Bad 2", colour: "red" } },
          { name: "drop_database", input: {} },
        ],
      },
      { text: "Sorry, I couldn't do that." },
    ]);
    setTestModel(model);
    const out = await turn(ada.user, "add something odd");
    expect(out.status).toBe("completed");
    expect(out.toolCalls.map((c) => [c.toolName, c.success, c.errorCode])).toEqual([
      ["add_task", false, "invalid_input"],
      ["add_task", false, "invalid_input"],
      ["drop_database", false, "unknown_tool"],
    ]);
    const seen = toolResultsIn(model.prompts[1]);
    expect(seen).toHaveLength(3);
    for (const result of seen) expect((result.output as { type: string }).type).toBe("error-text");
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(before);
  });

  it("returns not_found / ambiguous as data and changes nothing", async () => {
    await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Call the bank" },
      change: { actor: "app", requestId: null },
    });
    await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Call the bank manager" },
      change: { actor: "app", requestId: null },
    });
    await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Call the plumber" },
      change: { actor: "app", requestId: null },
    });
    await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Call the plumber again" },
      change: { actor: "app", requestId: null },
    });
    const model = scriptedModel([
      {
        calls: [
          { name: "complete_task", input: { task: "walk the dinosaur" } },
          { name: "complete_task", input: { task: "call" } },
        ],
      },
      { text: "Which one?" },
    ]);
    setTestModel(model);
    const out = await turn(ada.user, "complete call");
    expect(out.toolCalls.map((c) => c.errorCode)).toEqual(["not_found", "ambiguous"]);
    const ambiguous = out.toolCalls[1]!.output as { candidates: unknown[] };
    expect(ambiguous.candidates.length).toBeGreaterThan(1);
    expect(await db.task.count({ where: { userId: ada.user.id, status: "completed" } })).toBe(0);
  });
});

describe("the step bound (SECURITY 20)", () => {
  it("stops a model that calls tools forever, with a summary and a warning, and saves the turn", async () => {
    const conversationId = randomUUID();
    setTestModel(scriptedModel([{ calls: [{ name: "list_tasks", input: {} }] }]));
    const out = await turn(ada.user, "loop please", { conversationId });
    expect(out.status).toBe("max_iterations_reached");
    expect(out.iterations).toBe(10);
    expect(out.warning).toMatch(/10 steps/);
    expect(out.response).toContain("I stopped here — tell me if you want me to continue.");
    expect(out.response).toMatch(/looked through your tasks/i);
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId } });
    expect(run.status).toBe("max_iterations_reached");
    const messages = await loadMessages({ conversationId });
    expect(messages).toHaveLength(2);
  });
});
