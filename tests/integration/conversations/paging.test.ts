/**
 * GET /api/conversations/:id reads a bounded page: the newest 50 messages and a cursor to the
 * ones before, page after page, in order, with no message twice or missing; another user's
 * conversation stays 404 whatever the cursor.
 */
import { randomUUID } from "node:crypto";
import type { UIMessage } from "ai";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/conversations/[id]/route";
import { saveMessage } from "@/lib/conversations";
import { db } from "@/lib/db";
import { MESSAGE_PAGE_SIZE } from "@/lib/limits";
import { apiRequest, createTestUser, params, type TestUser } from "../helpers";

type Page = { messages: UIMessage[]; nextCursor: string | null };

let ada: TestUser;
let babbage: TestUser;
let conversationId: string;
const TOTAL = 120;

function text(message: UIMessage): string {
  return message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

async function page(user: TestUser, query = ""): Promise<Response> {
  return GET(apiRequest(`/api/conversations/${conversationId}${query}`, { headers: user.auth }), params({ id: conversationId }));
}

beforeAll(async () => {
  ada = await createTestUser("long-talker");
  babbage = await createTestUser("snoop");
  conversationId = randomUUID();
  await db.conversation.create({ data: { id: conversationId, userId: ada.user.id, title: "A long chat" } });
  for (let i = 0; i < TOTAL; i++) {
    await saveMessage({
      conversationId,
      message: { id: randomUUID(), role: i % 2 ? "assistant" : "user", parts: [{ type: "text", text: `message ${i}` }] },
    });
  }
});

describe("conversation paging", () => {
  it("returns the newest page first and every message exactly once across pages", async () => {
    const first = (await (await page(ada)).json()) as Page;
    expect(first.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(text(first.messages.at(-1)!)).toBe(`message ${TOTAL - 1}`);
    expect(text(first.messages[0]!)).toBe(`message ${TOTAL - MESSAGE_PAGE_SIZE}`);
    expect(first.nextCursor).not.toBeNull();

    const seen = [...first.messages];
    let cursor = first.nextCursor;
    while (cursor) {
      const res = await page(ada, `?before=${cursor}`);
      expect(res.status).toBe(200);
      const next = (await res.json()) as Page;
      seen.unshift(...next.messages);
      cursor = next.nextCursor;
    }
    expect(seen.map(text)).toEqual(Array.from({ length: TOTAL }, (_, i) => `message ${i}`));
  });

  it("honours a smaller limit and refuses malformed cursors", async () => {
    const small = (await (await page(ada, "?limit=5")).json()) as Page;
    expect(small.messages.map(text)).toEqual([115, 116, 117, 118, 119].map((i) => `message ${i}`));
    for (const query of ["?before=abc", "?before=-1", "?limit=500", "?limit=0", "?other=1"]) {
      expect((await page(ada, query)).status, query).toBe(400);
    }
  });

  it("is 404 for another user, with or without a cursor", async () => {
    for (const query of ["", "?before=60"]) {
      const res = await page(babbage, query);
      expect(res.status).toBe(404);
    }
  });
});
