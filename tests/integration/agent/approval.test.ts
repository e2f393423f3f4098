import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { isToolUIPart } from "ai";
import { db } from "@/lib/db";
import { createTask } from "@/lib/tasks/service";
import { loadMessages } from "@/lib/conversations";
import { createTestUser, type TestUser } from "../helpers";
import { scriptedModel, toolResultsIn } from "../../fakes/scripted-model";
import { turn, setTestModel } from "./turn-helpers";

let ada: TestUser;
let babbage: TestUser;

beforeAll(async () => {
  ada = await createTestUser("ada");
  babbage = await createTestUser("babbage");
});

afterEach(() => setTestModel(null));

/** The model proposes deleting `title`, then (after the answer) reports on the tool result. */
function deletingModel(title: string) {
  return scriptedModel([
    { calls: [{ name: "delete_task", input: { task: title } }] },
    (prompt) => {
      const result = toolResultsIn(prompt).at(-1)?.output as { type: string; value?: { ok?: boolean } } | undefined;
      return { text: result?.type === "json" && result.value?.ok ? "Deleted it." : "Okay, I kept it." };
    },
  ]);
}

async function proposeDelete(user: TestUser, title: string) {
  const task = await createTask({ userId: user.user.id, timeZone: "UTC", input: { title }, change: { actor: "app", requestId: null } });
  const conversationId = randomUUID();
  const model = deletingModel(title);
  setTestModel(model);
  const first = await turn(user.user, `delete ${title}`, { conversationId });
  return { task, conversationId, first, model };
}

describe("delete needs approval", () => {
  it("proposes, changes nothing, and asks", async () => {
    const { task, first } = await proposeDelete(ada, "Gym session");
    expect(first.status).toBe("awaiting_confirmation");
    expect(first.pendingConfirmation).toMatchObject({ toolName: "delete_task", input: { task: "Gym session" } });
    expect(first.pendingConfirmation!.prompt).toBe("Delete 'Gym session'? (yes / no)");
    expect(first.chunks.some((c) => c.type === "tool-approval-request")).toBe(true);
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
  });

  it("approved by confirmation: deletes exactly once and continues the same message", async () => {
    const { task, conversationId, first } = await proposeDelete(ada, "Old newspaper");
    const out = await turn(
      ada.user,
      { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true },
      { conversationId },
    );
    expect(out.status).toBe("completed");
    expect(out.response).toBe("Deleted it.");
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_task", success: true }]);
    expect(await db.task.count({ where: { id: task.id } })).toBe(0);
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const part = messages[1]!.parts.find(isToolUIPart);
    expect(part).toMatchObject({ state: "output-available", approval: { approved: true } });
    // Replaying the same answer finds nothing pending.
    await expect(
      turn(ada.user, { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true }, { conversationId }),
    ).rejects.toMatchObject({ code: "not_found:confirmation" });
  });

  it("denied by confirmation: nothing deleted", async () => {
    const { task, conversationId, first } = await proposeDelete(ada, "Keep me task");
    const out = await turn(
      ada.user,
      { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: false },
      { conversationId },
    );
    expect(out.status).toBe("completed");
    expect(out.response).toBe("Okay, I kept it.");
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
    const part = (await loadMessages({ conversationId }))[1]!.parts.find(isToolUIPart);
    expect(part).toMatchObject({ state: "output-denied" });
  });

  it.each(["yes", "Yes, delete them!", "do it", "confirm", "yes delete"])("typed %j approves", async (reply) => {
    const { task, conversationId } = await proposeDelete(ada, `Typed yes ${randomUUID().slice(0, 6)}`);
    const out = await turn(ada.user, reply, { conversationId });
    expect(out.status).toBe("completed");
    expect(await db.task.count({ where: { id: task.id } })).toBe(0);
    // The new reply must not reference the earlier tool call (the UI stream would break).
    expect(out.chunks.filter((c) => c.type === "tool-output-available")).toHaveLength(0);
    expect(out.chunks.some((c) => c.type === "data-approval")).toBe(true);
    const messages = await loadMessages({ conversationId });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(messages[1]!.parts.find(isToolUIPart)).toMatchObject({ state: "output-available" });
  });

  it.each(["no", "cancel", "keep it"])("typed %j denies", async (reply) => {
    const { task, conversationId } = await proposeDelete(ada, `Typed no ${randomUUID().slice(0, 6)}`);
    const out = await turn(ada.user, reply, { conversationId });
    expect(out.response).toBe("Okay, I kept it.");
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
    expect((await loadMessages({ conversationId }))[1]!.parts.find(isToolUIPart)).toMatchObject({ state: "output-denied" });
  });

  it("anything else cancels the proposal and is handled as a new message", async () => {
    const { task, conversationId, first } = await proposeDelete(ada, "Cancel by topic");
    const model = scriptedModel([{ text: "Here you go." }]);
    setTestModel(model);
    const out = await turn(ada.user, "what's on my list?", { conversationId });
    expect(out.status).toBe("completed");
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
    const last = model.prompts[0]!.at(-1)!;
    expect(last.role).toBe("user");
    await expect(
      turn(ada.user, { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true }, { conversationId }),
    ).rejects.toMatchObject({ code: "not_found:confirmation" });
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
  });

  it("delete_task that matches nothing answers not_found without asking", async () => {
    setTestModel(
      scriptedModel([{ calls: [{ name: "delete_task", input: { task: "nonexistent zebra" } }] }, { text: "I couldn't find it." }]),
    );
    const out = await turn(ada.user, "delete the zebra");
    expect(out.status).toBe("completed");
    expect(out.pendingConfirmation).toBeNull();
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_task", success: false, errorCode: "not_found" }]);
  });

  it("a forged approval id, or another user's, deletes nothing (SECURITY 17)", async () => {
    const { task, conversationId, first } = await proposeDelete(ada, "Ada's precious task");
    await expect(
      turn(ada.user, { kind: "confirmation", approvalId: "forged-id", approved: true }, { conversationId }),
    ).rejects.toMatchObject({ code: "not_found:confirmation" });
    await expect(
      turn(babbage.user, { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true }, { conversationId }),
    ).rejects.toMatchObject({ code: "not_found:conversation" });
    const other = randomUUID();
    setTestModel(scriptedModel([{ text: "Hi" }]));
    await turn(babbage.user, "hello", { conversationId: other });
    await expect(
      turn(babbage.user, { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true }, { conversationId: other }),
    ).rejects.toMatchObject({ code: "not_found:confirmation" });
    expect(await db.task.count({ where: { id: task.id } })).toBe(1);
  });

  it("delete_tasks asks once for several tasks", async () => {
    const a = await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Bulk one" },
      change: { actor: "app", requestId: null },
    });
    const b = await createTask({
      userId: ada.user.id,
      timeZone: "UTC",
      input: { title: "Bulk two" },
      change: { actor: "app", requestId: null },
    });
    const conversationId = randomUUID();
    setTestModel(scriptedModel([{ calls: [{ name: "delete_tasks", input: { ids: [a.id, b.id] } }] }, { text: "Deleted both." }]));
    const first = await turn(ada.user, "delete both bulk tasks", { conversationId });
    expect(first.pendingConfirmation?.prompt).toBe("Delete 2 tasks: 'Bulk one' and 'Bulk two'? (yes / no)");
    expect(await db.task.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
    const out = await turn(ada.user, "yes, delete them", { conversationId });
    expect(out.toolCalls).toMatchObject([{ toolName: "delete_tasks", success: true }]);
    expect(await db.task.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
  });
});
