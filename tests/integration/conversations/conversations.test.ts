import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listGET } from "@/app/api/conversations/route";
import { DELETE, GET, PATCH } from "@/app/api/conversations/[id]/route";
import { POST as agentPOST } from "@/app/api/agent/route";
import { db } from "@/lib/db";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";
import { scriptedModel } from "../../fakes/scripted-model";
import { setAgentEnv } from "../agent/env";

let ada: TestUser;
let babbage: TestUser;

beforeAll(async () => {
  setAgentEnv({});
  setModelOverrideForTests(scriptedModel([{ text: "Sure." }]));
  ada = await createTestUser("ada");
  babbage = await createTestUser("babbage");
});
afterAll(() => setModelOverrideForTests(null));

async function startConversation(user: TestUser, message: string): Promise<string> {
  const res = await agentPOST(apiRequest("/api/agent", { headers: user.auth, body: { message } }), undefined);
  return ((await res.json()) as { conversationId: string }).conversationId;
}

describe("/api/conversations", () => {
  it("lists the user's conversations newest first, with a cursor", async () => {
    const ids = [];
    for (const text of ["first chat", "second chat", "third chat"]) ids.push(await startConversation(ada, text));
    await startConversation(babbage, "babbage's chat");
    const page1 = (await (await listGET(apiRequest("/api/conversations?limit=2", { headers: ada.auth }), undefined)).json()) as {
      conversations: { id: string; title: string }[];
      nextCursor: string;
    };
    expect(page1.conversations.map((c) => c.title)).toEqual(["third chat", "second chat"]);
    const page2 = (await (
      await listGET(apiRequest(`/api/conversations?limit=2&cursor=${page1.nextCursor}`, { headers: ada.auth }), undefined)
    ).json()) as { conversations: { title: string }[]; nextCursor: string | null };
    expect(page2.conversations.map((c) => c.title)).toEqual(["first chat"]);
    expect(page2.nextCursor).toBeNull();
    const bad = await listGET(apiRequest("/api/conversations?cursor=garbage", { headers: ada.auth }), undefined);
    expect(bad.status).toBe(400);
  });

  it("reads one with its UI messages, renames and deletes it", async () => {
    const id = await startConversation(ada, "plan my week");
    const one = (await (await GET(apiRequest(`/api/conversations/${id}`, { headers: ada.auth }), params({ id }))).json()) as {
      id: string;
      title: string;
      messages: { role: string; parts: unknown[] }[];
    };
    expect(one).toMatchObject({ id, title: "plan my week" });
    expect(one.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const renamed = await PATCH(
      apiRequest(`/api/conversations/${id}`, { method: "PATCH", headers: ada.auth, body: { title: "Week plan" } }),
      params({ id }),
    );
    expect(((await renamed.json()) as { conversation: { title: string } }).conversation.title).toBe("Week plan");
    const deleted = await DELETE(apiRequest(`/api/conversations/${id}`, { method: "DELETE", headers: ada.auth }), params({ id }));
    expect(deleted.status).toBe(204);
    expect(await db.message.count({ where: { conversationId: id } })).toBe(0);
  });

  it("another user's conversation is a 404 for read, rename and delete; nothing changes (SECURITY 10)", async () => {
    const id = await startConversation(ada, "ada only");
    const read = await GET(apiRequest(`/api/conversations/${id}`, { headers: babbage.auth }), params({ id }));
    const rename = await PATCH(
      apiRequest(`/api/conversations/${id}`, { method: "PATCH", headers: babbage.auth, body: { title: "mine now" } }),
      params({ id }),
    );
    const remove = await DELETE(apiRequest(`/api/conversations/${id}`, { method: "DELETE", headers: babbage.auth }), params({ id }));
    for (const res of [read, rename, remove]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("not_found:conversation");
    }
    expect(await db.conversation.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: "ada only", userId: ada.user.id });
    const missing = randomUUID();
    expect((await GET(apiRequest(`/api/conversations/${missing}`, { headers: ada.auth }), params({ id: missing }))).status).toBe(404);
    expect((await GET(apiRequest(`/api/conversations/not-a-uuid`, { headers: ada.auth }), params({ id: "not-a-uuid" }))).status).toBe(400);
  });

  it("requires authentication", async () => {
    const res = await listGET(apiRequest("/api/conversations", { headers: { authorization: "Bearer nope" } }), undefined);
    expect(res.status).toBe(401);
  });
});
