/**
 * Repeating tasks in chat, the way an LLM is taught to do them (the system prompt's lines on
 * `recurrence` and `remindAt`), through POST /api/agent with a scripted model calling the real
 * tools on the real database: add, complete (moves to the next occurrence), undo, stop repeating.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { POST as agentPOST } from "@/app/api/agent/route";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { getTaskById } from "@/lib/tasks/service";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { scriptedModel } from "../../fakes/scripted-model";
import { setAgentEnv } from "./env";

type AgentBody = {
  conversationId: string;
  status: string;
  response: string;
  undoable: boolean;
  toolCalls: { toolName: string; output: { ok: boolean; task?: TaskView; movedToNextOccurrence?: boolean } }[];
};

let ada: TestUser;
beforeAll(async () => {
  setAgentEnv({});
  ada = await createTestUser("ada-chat-time");
  await db.user.update({ where: { id: ada.user.id }, data: { timezone: "Europe/Berlin" } });
});
afterEach(() => setModelOverrideForTests(null));
afterAll(() => setAgentEnv({}));

async function say(
  message: string,
  conversationId: string | undefined,
  script: Parameters<typeof scriptedModel>[0],
): Promise<{ body: AgentBody; prompts: LanguageModelV4Prompt[] }> {
  const model = scriptedModel(script);
  setModelOverrideForTests(model);
  const res = await agentPOST(
    apiRequest("/api/agent", { headers: ada.auth, body: { message, conversationId, timezone: "Europe/Berlin" } }),
    undefined,
  );
  expect(res.status).toBe(200);
  return { body: (await res.json()) as AgentBody, prompts: model.prompts };
}

function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .filter((m) => m.role === "system")
    .map((m) => (typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

describe("repeating tasks in chat", () => {
  it("add → complete moves it on → undo moves it back → stop repeating", async () => {
    const added = await say("add water the plants every sunday at 9am", undefined, [
      { calls: [{ name: "add_task", input: { title: "Water the plants", due: "2027-03-21T09:00", recurrence: "FREQ=WEEKLY;BYDAY=SU" } }] },
      { text: "Added 'Water the plants', every Sunday at 9:00." },
    ]);
    expect(systemText(added.prompts[0]!)).toMatch(/RRULE without DTSTART/);
    expect(systemText(added.prompts[0]!)).toMatch(/remindAt/);
    const task = added.body.toolCalls[0]!.output.task!;
    expect(task).toMatchObject({ dueAt: "2027-03-21T08:00:00.000Z", recurrence: { text: "every Sunday" } });
    const conversationId = added.body.conversationId;

    const done = await say("I watered the plants", conversationId, [
      { calls: [{ name: "complete_task", input: { task: "water the plants" } }] },
      { text: "Done — next time is Sunday 28 March." },
    ]);
    expect(done.body.undoable).toBe(true);
    // Across the spring change: still 09:00 local.
    expect(done.body.toolCalls[0]!.output).toMatchObject({
      ok: true,
      movedToNextOccurrence: true,
      task: { status: "pending", dueAt: "2027-03-28T07:00:00.000Z" },
    });

    const undone = await say("undo that", conversationId, [{ calls: [{ name: "undo_last_turn", input: {} }] }, { text: "Undone." }]);
    expect(undone.body.toolCalls[0]!.output.ok).toBe(true);
    expect(await getTaskById({ userId: ada.user.id, id: task.id })).toMatchObject({
      status: "pending",
      dueAt: task.dueAt,
      lastCompletedAt: null,
    });

    const stopped = await say("stop repeating the plants task", conversationId, [
      { calls: [{ name: "update_task", input: { task: "plants", clearRecurrence: true } }] },
      { text: "'Water the plants' no longer repeats." },
    ]);
    expect(stopped.body.toolCalls[0]!.output).toMatchObject({ ok: true, task: { recurrence: null, dueAt: task.dueAt } });
  });

  it("remind me at 5pm to call mom: a reminder the panel and /api/reminders see", async () => {
    const { body } = await say("remind me at 5pm to call mom", undefined, [
      { calls: [{ name: "add_task", input: { title: "Call mom", due: "2027-03-21T17:00", remindAt: "2027-03-21T17:00" } }] },
      { text: "I'll remind you at 5 pm to call mom." },
    ]);
    expect(body.toolCalls[0]!.output.task).toMatchObject({ remindAt: "2027-03-21T16:00:00.000Z", reminderDismissedAt: null });
  });
});
