/**
 * Screenshots for the README: the chat page with a realistic conversation, in light and dark,
 * and on a phone. Written to docs/screenshots/ (run: npx playwright test screenshots).
 */
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PASSWORD, register, signIn } from "./fixtures";
import { ChatPage } from "./pages";

// The README's pictures are rewritten only on request (UPDATE_SCREENSHOTS=1), so an ordinary
// test run never dirties the work tree; otherwise they go to test-results/.
const OUT =
  process.env.UPDATE_SCREENSHOTS === "1"
    ? path.join(process.cwd(), "docs", "screenshots")
    : path.join(process.cwd(), "test-results", "screenshots");
const EMAIL = "ada@example.com";

/** The README's account; the e2e database is fresh per run, but a retry finds it already there. */
async function signInAsAda(request: APIRequestContext): Promise<void> {
  await register(request, EMAIL).catch((error: Error) => {
    if (!error.message.startsWith("register 409")) throw error;
  });
  await signIn(request, EMAIL, PASSWORD);
}

async function seed(request: APIRequestContext): Promise<void> {
  // Earlier chats for the sidebar, and a few tasks added elsewhere (API, panel, MCP).
  for (const message of ["add book flights to Lisbon for next month, low priority", "what's overdue?"]) {
    const res = await request.post("/api/agent", { data: { message } });
    expect(res.status()).toBe(200);
  }
  for (const task of [
    { title: "Water the plants", priority: "low" },
    { title: "Send the quarterly report", priority: "high" },
  ]) {
    expect((await request.post("/api/tasks", { data: task })).status()).toBe(201);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await page.screenshot({ path: path.join(OUT, name), animations: "disabled", caret: "hide" });
}

test.describe("README screenshots", () => {
  test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });

  test("the chat page: light, dark and phone", async ({ page, browser, baseURL }) => {
    await signInAsAda(page.request);
    await seed(page.request);
    const chat = new ChatPage(page);
    await chat.goto();

    await chat.ask("add buy milk tomorrow and call mom on friday, high priority");
    await chat.ask("what's due this week?");
    const done = await chat.ask("mark buy milk as done");
    await expect(done.getByTestId("task-card")).toContainText("Completed");
    const confirm = (await chat.ask("delete water the plants")).getByTestId("confirm-card");
    await expect(confirm.getByTestId("confirm-delete")).toBeEnabled();
    await expect(chat.panel.checkbox("Buy milk")).toBeChecked();
    await expect(chat.conversations).toHaveCount(3);
    await page.mouse.move(0, 0);
    const conversationUrl = page.url();

    await shoot(page, "chat-light.png");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
    await shoot(page, "chat-dark.png");

    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      colorScheme: "light",
      storageState: await page.context().storageState(),
    });
    try {
      const phonePage = await phone.newPage();
      const phoneChat = new ChatPage(phonePage);
      await phonePage.goto(conversationUrl);
      await expect(phoneChat.input).toBeVisible();
      await expect(phoneChat.confirmCards.last().getByTestId("confirm-delete")).toBeEnabled();
      await expect(phoneChat.panel.root).toBeHidden(); // a drawer on phones
      await expect(phonePage.getByRole("button", { name: /Open tasks \(\d+ to do\)/ })).toBeVisible();
      await shoot(phonePage, "chat-phone.png");
    } finally {
      await phone.close();
    }
  });
});
