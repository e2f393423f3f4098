/**
 * SECURITY.md 2, 8, 9, 11 at the route-handler level, signed in (by token) as two users:
 * Ada's data must be invisible and untouchable for Babbage, and unchanged afterwards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/tasks/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/tasks/[id]/route";
import { DELETE as revokeRoute } from "@/app/api/tokens/[id]/route";
import { GET as listTokensRoute } from "@/app/api/tokens/route";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, params, sessionCookie, type TestUser } from "../helpers";

const none = { params: Promise.resolve({}) };

async function snapshot(userId: string) {
  return db.task.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

describe("two users", () => {
  let ada: TestUser;
  let babbage: TestUser;
  let adaTask: TaskView;

  beforeAll(async () => {
    ada = await createTestUser("ada");
    babbage = await createTestUser("babbage");
    const res = await createRoute(apiRequest("/api/tasks", { body: { title: "Ada's secret plan" }, headers: ada.auth }), none);
    adaTask = ((await res.json()) as { task: TaskView }).task;
  });

  it("B cannot read, patch or delete A's task: 404 exactly like a missing one (11)", async () => {
    const before = await snapshot(ada.user.id);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [adaTask.id, missing]) {
      const read = await getRoute(apiRequest(`/api/tasks/${id}`, { headers: babbage.auth }), params({ id }));
      const patch = await patchRoute(
        apiRequest(`/api/tasks/${id}`, { method: "PATCH", body: { title: "pwned", status: "completed" }, headers: babbage.auth }),
        params({ id }),
      );
      const del = await deleteRoute(apiRequest(`/api/tasks/${id}`, { method: "DELETE", headers: babbage.auth }), params({ id }));
      for (const res of [read, patch, del]) {
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: "not_found:task", message: "Not found." });
      }
    }
    expect(await snapshot(ada.user.id)).toEqual(before);
  });

  it("B's list never contains A's tasks, whatever the filter", async () => {
    for (const q of ["", "?q=secret", "?status=all", "?status=pending&limit=100"]) {
      const res = await listRoute(apiRequest(`/api/tasks${q}`, { headers: babbage.auth }), none);
      const body = (await res.json()) as { tasks: TaskView[] };
      expect(body.tasks.find((t) => t.id === adaTask.id)).toBeUndefined();
    }
  });

  it("a user id in the body cannot create a task for someone else (2, 13)", async () => {
    const res = await createRoute(
      apiRequest("/api/tasks", { body: { title: "planted", userId: ada.user.id }, headers: babbage.auth }),
      none,
    );
    expect(res.status).toBe(400);
    expect(await db.task.count({ where: { title: "planted" } })).toBe(0);
  });

  it("a wrong, malformed or revoked bearer token is 401 (8)", async () => {
    for (const header of ["Bearer tt_" + "A".repeat(43), "Bearer nonsense", "Basic abc", "Bearer "]) {
      const res = await listRoute(apiRequest("/api/tasks", { headers: { authorization: header } }), none);
      expect(res.status, header).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("unauthorized:token");
    }
    const temp = await createTestUser("revoked");
    const tokens = (await (
      await listTokensRoute(apiRequest("/api/tokens", { headers: await sessionCookie(temp.user.id) }), none)
    ).json()) as { tokens: { id: string }[] };
    const id = tokens.tokens[0]!.id;
    expect(
      (await revokeRoute(apiRequest(`/api/tokens/${id}`, { method: "DELETE", headers: await sessionCookie(temp.user.id) }), params({ id })))
        .status,
    ).toBe(204);
    const after = await listRoute(apiRequest("/api/tasks", { headers: temp.auth }), none);
    expect(after.status).toBe(401);
  });

  it("B cannot revoke A's token", async () => {
    const tokens = (await (
      await listTokensRoute(apiRequest("/api/tokens", { headers: await sessionCookie(ada.user.id) }), none)
    ).json()) as { tokens: { id: string }[] };
    const id = tokens.tokens[0]!.id;
    const res = await revokeRoute(
      apiRequest(`/api/tokens/${id}`, { method: "DELETE", headers: await sessionCookie(babbage.user.id) }),
      params({ id }),
    );
    expect(res.status).toBe(404);
    expect((await listRoute(apiRequest("/api/tasks", { headers: ada.auth }), none)).status).toBe(200);
  });

  it("a deleted user's credentials stop working and their tasks go with them (9)", async () => {
    const gone = await createTestUser("gone");
    await createRoute(apiRequest("/api/tasks", { body: { title: "left behind" }, headers: gone.auth }), none);
    await db.user.delete({ where: { id: gone.user.id } });
    const res = await createRoute(apiRequest("/api/tasks", { body: { title: "ghost write" }, headers: gone.auth }), none);
    expect(res.status).toBe(401);
    expect(await db.task.count({ where: { userId: gone.user.id } })).toBe(0);
  });
});
