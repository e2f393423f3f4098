/**
 * The end of a turn: it is counted as running until it is saved (a stopping server waits for
 * it, also when the client has gone), and the one statement that saves it survives whatever
 * text the model produced, such as an unknown tool's name cut in the middle of an emoji.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { inFlightTurns } from "@/lib/agent/in-flight";
import { startTurn } from "@/lib/agent/turn";
import { loadMessages } from "@/lib/conversations";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../helpers";
import { scriptedModel } from "../../fakes/scripted-model";
import { setTestModel, turn } from "./turn-helpers";

let ada: TestUser;

beforeAll(async () => {
  ada = await createTestUser("ada");
});

afterEach(() => setTestModel(null));

describe("finishing a turn", () => {
  it("counts a turn as running until it is saved, even after its client has gone", async () => {
    setTestModel(scriptedModel([{ text: "A slow answer, word by word." }], { chunkDelayMs: 40 }));
    const before = inFlightTurns();
    const conversationId = randomUUID();
    const t = await startTurn({
      user: ada.user,
      conversationId,
      requestId: `test-${randomUUID()}`,
      input: { kind: "message", text: "hello" },
    });
    expect(inFlightTurns()).toBe(before + 1);
    await t.stream.cancel(); // the client disconnects at once
    expect(inFlightTurns()).toBe(before + 1);
    const outcome = await t.outcome;
    expect(outcome.status).toBe("completed");
    expect(inFlightTurns()).toBe(before);
    expect((await loadMessages({ conversationId })).map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("saves the turn and its audit when an unknown tool's name is cut in the middle of an emoji", async () => {
    const name = `${"a".repeat(63)}😀`; // 65 UTF-16 code units: the audit keeps 64
    setTestModel(scriptedModel([{ calls: [{ name, input: {} }] }, { text: "I can't do that." }]));
    const conversationId = randomUUID();
    const out = await turn(ada.user, "do something odd", { conversationId });
    expect(out.status).toBe("completed");
    expect(out.toolCalls[0]).toMatchObject({ success: false, errorCode: "unknown_tool" });
    expect(await loadMessages({ conversationId })).toHaveLength(2);
    const run = await db.agentRun.findFirstOrThrow({ where: { conversationId }, include: { toolInvocations: true } });
    expect(run.status).toBe("completed");
    expect(run.toolInvocations).toHaveLength(1);
    expect(run.toolInvocations[0]!.toolName).toBe(`${"a".repeat(63)}\uFFFD`);
    const lease = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { activeTurnId: true } });
    expect(lease.activeTurnId).toBeNull();
  });
});
