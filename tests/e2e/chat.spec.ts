/**
 * Issue #5, the chat through the browser with the built-in offline model (no mocks): tool cards,
 * the live panel (also past its first page), confirmations, persistence, stopping a response,
 * isolation between users, and markup in titles rendered as text.
 */
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signUpAndIn, uniqueEmail } from "./fixtures";
import { ChatPage, CONVERSATION_URL, RegisterPage } from "./pages";

const XSS = "<img src=x onerror=alert(1)>";

/** Fails the test on any dialog (alert/confirm/prompt) the page opens. */
function failOnDialog(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

async function addTaskOverApi(page: Page, title: string): Promise<void> {
  const res = await page.request.post("/api/tasks", { data: { title } });
  expect(res.status()).toBe(201);
}

test.describe("chat with the built-in model", () => {
  test("add, list, complete, delete with confirmation; the conversation survives a reload and is private", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // a dozen turns, two reloads and a second browser: past 60 s on a busy 2-core machine
    const register = new RegisterPage(page);
    await register.goto();
    await register.signUp({ email: uniqueEmail("chat"), password: PASSWORD });
    const chat = new ChatPage(page);
    await chat.expectLoaded();
    await expect(chat.welcome).toBeVisible();
    await expect(chat.modelBadge).toContainText("Built-in offline assistant");
    await expect(chat.panel.empty).toBeVisible();

    // Add: a streamed answer, a task card, and the panel updates without a reload.
    let answer = await chat.ask("add buy milk tomorrow");
    await expect(chat.welcome).toBeHidden();
    await expect(answer).toContainText(/Added .*Buy milk/);
    await expect(answer.getByTestId("task-card")).toContainText("Added");
    await expect(answer.getByTestId("card-task")).toContainText("Buy milk");
    await expect(answer.getByTestId("card-task")).toContainText("Tomorrow");
    await expect(chat.panel.item("Buy milk")).toBeVisible();
    await expect(chat.panel.item("Buy milk")).toContainText("Tomorrow");
    await expect(page).toHaveURL(CONVERSATION_URL);
    const conversationUrl = page.url();
    await expect(chat.conversations).toHaveCount(1);
    await expect(chat.conversations.first()).toContainText("add buy milk tomorrow");

    // List.
    answer = await chat.ask("show my tasks");
    await expect(answer).toContainText("Buy milk");
    await expect(answer.getByTestId("task-card")).toContainText("1 task");

    // Complete by position: every card showing the task and the panel flip together.
    answer = await chat.ask("complete the first one");
    await expect(answer.getByTestId("task-card")).toContainText("Completed");
    await expect(chat.log.getByRole("checkbox", { name: "Reopen “Buy milk”" })).toHaveCount(3);
    await expect(chat.log.getByRole("checkbox", { name: "Complete “Buy milk”" })).toHaveCount(0);
    await expect(chat.panel.checkbox("Buy milk")).toBeChecked();

    // Delete asks first; Cancel keeps the task.
    answer = await chat.ask("delete buy milk");
    let confirm = answer.getByTestId("confirm-card");
    await expect(confirm).toContainText("Delete this task?");
    await expect(confirm).toContainText("Buy milk");
    await expect(chat.panel.item("Buy milk")).toBeVisible();
    await confirm.getByTestId("cancel-delete").click();
    await expect(confirm).toContainText("Cancelled — nothing was deleted.");
    await chat.waitForIdle();
    await expect(chat.panel.item("Buy milk")).toBeVisible();
    expect(((await (await page.request.get("/api/tasks")).json()) as { tasks: unknown[] }).tasks).toHaveLength(1);

    // Again, and Confirm deletes it.
    answer = await chat.ask("delete buy milk");
    confirm = answer.getByTestId("confirm-card");
    await expect(confirm.getByTestId("confirm-delete")).toBeEnabled();
    await confirm.getByTestId("confirm-delete").click();
    await expect(answer.getByTestId("deleted-card")).toContainText("Buy milk");
    await chat.waitForIdle();
    await expect(chat.panel.item("Buy milk")).toHaveCount(0);
    await expect(chat.panel.empty).toBeVisible();
    await expect(chat.cardTask("Buy milk").first()).toHaveAttribute("data-status", "deleted");

    // The whole conversation is still there after a reload.
    const userTurns = await chat.userMessages.allInnerTexts();
    expect(userTurns).toHaveLength(5);
    await page.reload();
    await chat.expectLoaded();
    await expect(page).toHaveURL(conversationUrl);
    await expect(chat.userMessages).toHaveText(userTurns);
    await expect(chat.taskCards.filter({ hasText: "Added" })).toContainText("Buy milk");
    await expect(chat.taskCards.filter({ hasText: "Completed" })).toContainText("Buy milk");
    await expect(chat.log.getByText("Cancelled — nothing was deleted.")).toBeVisible();
    await expect(chat.deletedCards).toHaveCount(1);
    await expect(chat.confirmCards.getByTestId("confirm-delete")).toHaveCount(0);
    await expect(chat.panel.empty).toBeVisible();

    // Another user, in another browser context, sees none of it.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signUpAndIn(other.request, "chat-other");
      const otherChat = new ChatPage(otherPage);
      await otherChat.goto();
      await expect(otherChat.panel.empty).toBeVisible();
      await expect(otherPage.getByText("Your chats will show up here.")).toBeVisible();
      await expect(otherChat.conversations).toHaveCount(0);
      const response = await otherPage.goto(conversationUrl);
      expect(response?.status()).toBe(404);
      await expect(otherPage.getByRole("heading", { name: "This page doesn’t exist" })).toBeVisible();
      await expect(otherPage.getByText("add buy milk tomorrow")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("a response can be stopped while it streams, and the chat stays usable", async ({ page }) => {
    await signUpAndIn(page.request, "chat-stop");
    for (const title of ["Pay rent", "Call the plumber", "Book flights", "Renew passport", "Water the plants", "Buy a birthday gift"])
      await addTaskOverApi(page, title);
    await page.addInitScript(paceChatStream);
    const chat = new ChatPage(page);
    await chat.goto();
    await expect(chat.panel.items).toHaveCount(6);

    // The built-in model answers in milliseconds, faster than anyone can press Stop. So that
    // "mid-stream" is reproducible, the browser receives the real server's stream one event at a
    // time, 120 ms apart (nothing is mocked or changed; aborting still aborts the real request).
    await page.evaluate(() => ((window as PacedWindow).__paceChatMs = 120));
    const answer = chat.assistantMessages.last();
    await chat.send("show my tasks");
    await expect(answer.getByTestId("task-card")).toContainText("6 tasks");
    await expect(answer).toContainText("☐ Pay rent"); // the text list has begun…
    await chat.stopButton.click();
    await page.evaluate(() => ((window as PacedWindow).__paceChatMs = 0));

    // Stopped part-way through the text: the rest never arrives, and the composer is back.
    await chat.waitForIdle();
    await expect(chat.sendButton).toBeVisible();
    await expect(chat.input).toBeEditable();
    await expect(chat.error).toBeHidden();
    await expect(answer).not.toContainText("☐ Buy a birthday gift");

    // The chat goes on.
    const next = await chat.ask("add buy milk");
    await expect(next.getByTestId("task-card")).toContainText("Buy milk");
    await expect(chat.panel.item("Buy milk")).toBeVisible();
    await expect(chat.panel.items).toHaveCount(7);

    // Leaving does not cancel the turn on the server: it finished and saved the whole answer.
    await page.reload();
    await chat.expectLoaded();
    await expect(chat.userMessages).toHaveCount(2);
    await expect(chat.log).toContainText("☐ Buy a birthday gift");
  });

  test("a checkbox ticked in a chat card updates the panel, and the other way round", async ({ page }) => {
    await signUpAndIn(page.request, "chat-sync");
    const chat = new ChatPage(page);
    await chat.goto();
    const answer = await chat.ask("add walk the dog");
    const cardBox = answer.getByTestId("card-task").getByRole("checkbox");
    const panelBox = chat.panel.checkbox("Walk the dog");
    await expect(cardBox).not.toBeChecked();
    await expect(panelBox).not.toBeChecked();

    await cardBox.click();
    await expect(cardBox).toBeChecked();
    await expect(panelBox).toBeChecked();
    await expect(chat.panel.item("Walk the dog")).toHaveAttribute("data-status", "completed");

    await panelBox.click();
    await expect(panelBox).not.toBeChecked();
    await expect(cardBox).not.toBeChecked();
    await expect(cardBox).toHaveAccessibleName("Complete “Walk the dog”");

    await panelBox.click();
    await expect(cardBox).toBeChecked();
    // The server agrees.
    await page.reload();
    await chat.expectLoaded();
    await expect(chat.panel.checkbox("Walk the dog")).toBeChecked();
    await expect(chat.cardTask("Walk the dog").getByRole("checkbox")).toBeChecked();
  });

  test("markup in a task title is shown as text everywhere and never runs", async ({ page }) => {
    const dialogs = failOnDialog(page);
    await signUpAndIn(page.request, "chat-xss");
    const chat = new ChatPage(page);
    await chat.goto();

    await chat.panel.add(XSS);
    await expect(chat.panel.item(XSS)).toHaveCount(1);

    let answer = await chat.ask(`add ${XSS}`);
    await expect(answer).toContainText(`Added '${XSS}'`);
    await expect(answer.getByTestId("card-task")).toHaveText(new RegExp(escapeRegExp(XSS)));
    await expect(chat.panel.item(XSS)).toHaveCount(2);
    await expect(chat.userMessages.last()).toContainText(`add ${XSS}`);

    answer = await chat.ask("show my tasks");
    await expect(answer.getByTestId("card-task")).toHaveCount(2);
    await expect(answer.getByText(XSS, { exact: true })).toHaveCount(2);

    answer = await chat.ask("delete the first one");
    await expect(answer.getByTestId("confirm-card")).toContainText(XSS);
    await expect(chat.conversations.first()).toContainText(XSS);

    const checkNothingInjected = async () => {
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      await expect(page.locator("img[onerror]")).toHaveCount(0);
      expect(dialogs).toEqual([]);
    };
    await checkNothingInjected();

    // The server-rendered history, too.
    await page.reload();
    await chat.expectLoaded();
    await expect(chat.panel.item(XSS)).toHaveCount(2);
    await expect(chat.log.getByText(XSS, { exact: true }).first()).toBeVisible();
    await expect(chat.conversations.first()).toContainText(XSS);
    await checkNothingInjected();
  });

  test("the task panel lists more than one page of tasks on request, and keeps them after a change", async ({ page }) => {
    await signUpAndIn(page.request, "panel-pages");
    // 105 tasks: one page (100) and five more.
    for (let i = 1; i <= 105; i++) {
      const res = await page.request.post("/api/tasks", { data: { title: `Chore ${String(i).padStart(3, "0")}` } });
      expect(res.status()).toBe(201);
    }
    const chat = new ChatPage(page);
    await chat.goto();
    await expect(chat.panel.items).toHaveCount(100);
    await expect(chat.panel.root.getByText("Showing the first 100 tasks.")).toBeVisible();

    await chat.panel.root.getByRole("button", { name: "Show more" }).click();
    await expect(chat.panel.items).toHaveCount(105);
    await expect(chat.panel.root.getByRole("button", { name: "Show more" })).toHaveCount(0);

    // A change refetches the list (and may reorder it): all 105 stay listed.
    await chat.panel.toggle("Chore 001");
    await expect(chat.panel.checkbox("Chore 001")).toBeChecked();
    await chat.panel.root.getByRole("button", { name: "Refresh tasks" }).click();
    await expect(chat.panel.items).toHaveCount(105);
  });
});

test.describe("the chat's stream client", () => {
  test("a request that never reaches the server shows an error, and Retry sends the message again", async ({ page }) => {
    await signUpAndIn(page.request, "chat-retry");
    const chat = new ChatPage(page);
    await chat.goto();
    // The connection drops once (the browser's own network error); the server itself is real.
    await page.route("**/api/chat", (route) => route.abort("internetdisconnected"), { times: 1 });
    await chat.send("add buy milk");
    await expect(chat.error).toContainText("Couldn't reach the server");
    await expect(chat.panel.empty).toBeVisible();
    await chat.error.getByTestId("retry-button").click();
    await chat.waitForIdle();
    await expect(chat.error).toBeHidden();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.assistantMessages.last().getByTestId("task-card")).toContainText("Buy milk");
    await expect(chat.panel.item("Buy milk")).toBeVisible();
  });

  test("a typed yes answers the pending confirmation: its card settles and the panel follows", async ({ page }) => {
    await signUpAndIn(page.request, "chat-typed-yes");
    await addTaskOverApi(page, "Buy milk");
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("delete buy milk");
    const asked = chat.assistantMessages.first(); // (`ask` returns "the last reply", which moves on)
    await expect(asked.getByTestId("confirm-card")).toContainText("Delete this task?");
    await chat.ask("yes");
    // The card in the earlier reply is settled by the server's data chunk, without a reload.
    await expect(asked.getByTestId("confirm-delete")).toHaveCount(0);
    await expect(asked.getByTestId("deleted-card")).toContainText("Buy milk");
    await expect(chat.panel.empty).toBeVisible();
    expect(((await (await page.request.get("/api/tasks")).json()) as { tasks: unknown[] }).tasks).toHaveLength(0);
  });
});

type PacedWindow = Window & { __paceChatMs?: number };

/**
 * Runs in the page: while `window.__paceChatMs` is set, hands each /api/chat response to the app
 * one server-sent event at a time with that pause between events — a slow connection, not a
 * mock. Aborting the request (Stop) errors the stream at once, as a real aborted fetch does.
 */
function paceChatStream(): void {
  const w = window as PacedWindow;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await realFetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const delay = w.__paceChatMs ?? 0;
    if (!delay || !url.includes("/api/chat") || !response.body) return response;
    const signal = init?.signal;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    const events: string[] = [];
    let buffer = "";
    let done = false;
    const aborted = () => signal?.reason ?? new DOMException("The operation was aborted.", "AbortError");
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (events.length === 0 && !done) {
          const chunk = await reader.read();
          if (chunk.done) {
            done = true;
            if (buffer) events.push(buffer);
          } else {
            buffer += decoder.decode(chunk.value, { stream: true });
            const complete = buffer.split("\n\n");
            buffer = complete.pop() ?? "";
            events.push(...complete.map((e) => `${e}\n\n`));
          }
        }
        if (events.length === 0) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (signal?.aborted) return controller.error(aborted());
        controller.enqueue(encoder.encode(events.shift()));
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
