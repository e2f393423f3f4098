/**
 * Lists and subtasks through a whole agent turn (a scripted model behind the real loop, tools
 * and database): deleting a parent asks first and says how many subtasks go with it; adding to
 * a list the user does not have changes nothing and hands the model the question to ask.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTask } from "@/lib/tasks/service";
import { createTestUser, type TestUser } from "../helpers";
import { scriptedModel, toolResultsIn } from "../../fakes/scripted-model";
import { turn, setTestModel } from "./turn-helpers";

let ada: TestUser;
beforeAll(async () => {
  ada = await createTestUser("ada-organise-turn");
});
afterEach(() => setTestModel(null));

const change = { actor: "app", requestId: null } as const;

describe("organise in a turn", () => {
  it("deleting a parent waits for approval, names its subtasks' count, and deletes them with it", async () => {
    const parent = await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Move house" }, change });
    for (const title of ["Boxes", "Van"])
      await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title, parentId: parent.id }, change });
    setTestModel(scriptedModel([{ calls: [{ name: "delete_task", input: { task: "move house" } }] }, { text: "Deleted it." }]));
    const conversationId = randomUUID();
    const first = await turn(ada.user, "delete move house", { conversationId });
    expect(first.status).toBe("awaiting_confirmation");
    expect(first.pendingConfirmation!.prompt).toBe("Delete 'Move house' and its 2 subtasks? (yes / no)");
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(3);

    const second = await turn(
      ada.user,
      { kind: "confirmation", approvalId: first.pendingConfirmation!.id, approved: true },
      { conversationId },
    );
    expect(second.toolCalls).toMatchObject([{ toolName: "delete_task", success: true, output: { ok: true, subtasksDeleted: 2 } }]);
    expect(await db.task.count({ where: { userId: ada.user.id } })).toBe(0);
  });

  it("an unknown list: nothing is created, and the model gets the question to ask", async () => {
    let seen: unknown;
    setTestModel(
      scriptedModel([
        { calls: [{ name: "add_task", input: { title: "Milk", list: "Groceries" } }] },
        (prompt) => {
          seen = toolResultsIn(prompt).at(-1)?.output;
          return { text: "There's no 'Groceries' list yet — create it?" };
        },
      ]),
    );
    const out = await turn(ada.user, "add milk to the groceries list");
    expect(out.status).toBe("completed");
    expect(JSON.stringify(seen)).toContain("There's no 'Groceries' list yet — create it?");
    expect(await db.taskList.count({ where: { userId: ada.user.id } })).toBe(0);
    expect(await db.task.count({ where: { userId: ada.user.id, title: "Milk" } })).toBe(0);
  });

  it("the built-in model: the last open step done, it offers the parent and completes it only on yes", async () => {
    const parent = await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Pack for the trip" }, change });
    const passport = await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Passport", parentId: parent.id }, change });
    await db.task.update({ where: { id: passport.id }, data: { status: "completed", completedAt: new Date() } });
    await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Charger", parentId: parent.id }, change });
    const conversationId = randomUUID();

    const first = await turn(ada.user, "charger is packed, mark it done", { conversationId });
    expect(first.response).toContain("That was the last open step of 'Pack for the trip'");
    expect((await db.task.findUniqueOrThrow({ where: { id: parent.id } })).status).toBe("pending");

    const yes = await turn(ada.user, "yes please", { conversationId });
    expect(yes.toolCalls).toMatchObject([{ toolName: "complete_task", success: true }]);
    expect((await db.task.findUniqueOrThrow({ where: { id: parent.id } })).status).toBe("completed");
  });

  it("the built-in model: no to the offer leaves the parent open", async () => {
    const parent = await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Plan the party" }, change });
    await createTask({ userId: ada.user.id, timeZone: "UTC", input: { title: "Invitations", parentId: parent.id }, change });
    const conversationId = randomUUID();
    const first = await turn(ada.user, "finished the invitations", { conversationId });
    expect(first.response).toContain("'Plan the party'");
    const no = await turn(ada.user, "no, leave it", { conversationId });
    expect(no.toolCalls).toEqual([]);
    expect((await db.task.findUniqueOrThrow({ where: { id: parent.id } })).status).toBe("pending");
  });
});
