/**
 * Deleting an account, with two users: the password is required (a wrong one deletes nothing);
 * then everything the account owned is gone — tasks, conversations, access tokens, reset links,
 * activity, calendar feed, counters — its sessions and tokens stop working, and the other user keeps everything.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELETE as deleteAccountRoute } from "@/app/api/account/route";
import { POST as createRoute, GET as listTasks } from "@/app/api/tasks/route";
import { POST as resetRoute } from "@/app/api/password-reset/route";
import { createFeedSecret } from "@/lib/calendar/feed-tokens";
import { db } from "@/lib/db";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { Browser } from "./auth-client";

const none = { params: Promise.resolve({}) };
const PASSWORD = "correct horse battery staple";

/** Every row that belongs to the user, table by table. */
async function ownedRows(userId: string) {
  const [tasks, conversations, messages, runs, tokens, resets, counters, activity, feeds] = await Promise.all([
    db.task.count({ where: { userId } }),
    db.conversation.count({ where: { userId } }),
    db.message.count({ where: { conversation: { userId } } }),
    db.agentRun.count({ where: { userId } }),
    db.apiToken.count({ where: { userId } }),
    db.passwordResetToken.count({ where: { userId } }),
    db.rateCounter.count({ where: { userId } }),
    db.taskActivity.count({ where: { userId } }),
    db.calendarFeed.count({ where: { userId } }),
  ]);
  return { tasks, conversations, messages, runs, tokens, resets, counters, activity, feeds };
}

async function giveData(user: TestUser): Promise<void> {
  expect(
    (await createRoute(apiRequest("/api/tasks", { body: { title: `${user.user.name}'s task` }, headers: user.auth }), none)).status,
  ).toBe(201);
  const conversationId = randomUUID();
  await db.conversation.create({
    data: {
      id: conversationId,
      userId: user.user.id,
      messages: { create: [{ id: `m-${randomUUID()}`, role: "user", position: 0, parts: [] }] },
    },
  });
  await db.agentRun.create({ data: { requestId: randomUUID(), userId: user.user.id, conversationId, model: "builtin" } });
  await db.rateCounter.create({ data: { userId: user.user.id, bucket: "test", windowStart: new Date() } });
  await createFeedSecret({ userId: user.user.id });
  expect((await resetRoute(apiRequest("/api/password-reset", { body: { email: user.user.email } }), none)).status).toBe(202);
  for (let i = 0; i < 50 && (await db.passwordResetToken.count({ where: { userId: user.user.id } })) === 0; i++)
    await new Promise((r) => setTimeout(r, 20));
}

describe("delete account", () => {
  it("needs the password; then removes everything Ada owned and ends her sessions and tokens; Babbage keeps everything", async () => {
    const ada = await createTestUser("ada");
    const babbage = await createTestUser("babbage");
    await giveData(ada);
    await giveData(babbage);
    const adaBrowser = new Browser();
    expect(await adaBrowser.signIn(ada.user.email, PASSWORD)).toBe(true);
    const adaSecondBrowser = adaBrowser.clone();
    const babbageBefore = await ownedRows(babbage.user.id);
    const adaBefore = await ownedRows(ada.user.id);
    expect(Object.values(adaBefore).every((n) => n > 0)).toBe(true);

    const refusals: [Record<string, unknown>, number][] = [
      [{ password: "wrong password" }, 403],
      [{}, 403],
      [{ password: PASSWORD, userId: babbage.user.id }, 400],
    ];
    for (const [json, status] of refusals) {
      const res = await deleteAccountRoute(adaBrowser.request("/api/account", { method: "DELETE", json }), none);
      expect(res.status, JSON.stringify(json)).toBe(status);
    }
    // The password attempts are counted: in one window's counter, or two when the attempts straddle a window's edge.
    const afterRefusals = await ownedRows(ada.user.id);
    expect({ ...afterRefusals, counters: 0 }).toEqual({ ...adaBefore, counters: 0 });
    expect(afterRefusals.counters - adaBefore.counters).toBeGreaterThanOrEqual(1);
    expect(afterRefusals.counters - adaBefore.counters).toBeLessThanOrEqual(2);

    const res = await deleteAccountRoute(adaBrowser.request("/api/account", { method: "DELETE", json: { password: PASSWORD } }), none);
    expect(res.status).toBe(204);
    adaBrowser.store(res);
    expect(adaBrowser.sessionToken()).toBeUndefined();

    expect(await db.user.findUnique({ where: { id: ada.user.id } })).toBeNull();
    expect(await ownedRows(ada.user.id)).toEqual({
      tasks: 0,
      conversations: 0,
      messages: 0,
      runs: 0,
      tokens: 0,
      resets: 0,
      counters: 0,
      activity: 0,
      feeds: 0,
    });
    expect((await listTasks(adaSecondBrowser.request("/api/tasks"), none)).status).toBe(401);
    expect((await listTasks(apiRequest("/api/tasks", { headers: ada.auth }), none)).status).toBe(401);
    expect(await new Browser().signIn(ada.user.email, PASSWORD)).toBe(false);

    expect(await ownedRows(babbage.user.id)).toEqual(babbageBefore);
    expect((await listTasks(apiRequest("/api/tasks", { headers: babbage.auth }), none)).status).toBe(200);
  });
});
