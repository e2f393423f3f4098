/**
 * A long conversation opens with its newest 50 messages; "Load earlier messages" brings the
 * rest, above what is on screen, without replaying their tool calls into the task panel.
 */
import { expect, test } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

test("a long conversation loads its newest page first and earlier ones on request", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndIn(page.request, "pager");
  let conversationId: string | undefined;
  for (let i = 0; i < 27; i++) {
    const res = await page.request.post("/api/agent", {
      data: { message: `add chore number ${i}`, ...(conversationId ? { conversationId } : {}) },
    });
    expect(res.status()).toBe(200);
    conversationId = ((await res.json()) as { conversationId: string }).conversationId;
  }
  const api = (await (await page.request.get(`/api/conversations/${conversationId}`)).json()) as {
    messages: unknown[];
    nextCursor: string | null;
  };
  expect(api.messages).toHaveLength(50);
  expect(api.nextCursor).not.toBeNull();

  const chat = new ChatPage(page);
  await chat.goto(`/chat/${conversationId}`);
  await expect(chat.userMessages).toHaveCount(25);
  await expect(chat.userMessages.first()).toContainText("add chore number 2");
  await expect(chat.panel.items).toHaveCount(27);

  await page.getByTestId("load-earlier").click();
  await expect(chat.userMessages).toHaveCount(27);
  await expect(chat.userMessages.first()).toContainText("add chore number 0");
  await expect(page.getByTestId("load-earlier")).toHaveCount(0);
  // History is not applied again: still 27 tasks, each once.
  await expect(chat.panel.items).toHaveCount(27);

  await chat.ask("add one more chore");
  await expect(chat.panel.items).toHaveCount(28);
});
