/**
 * Offline capture (issue #26): after one visit the service worker has the app and the task
 * list, so with the network gone the app still opens, shows the tasks with an "offline" note,
 * and the chat says it needs a connection; a quick add made offline is queued on the device
 * and lands exactly once when the connection returns (also after another reload and another
 * reconnect: the queue is empty then).
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

async function serverTitles(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/tasks");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title);
}

/** The worker controls the page and has kept the page and its task list. */
async function waitUntilCachedForOffline(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return "no controller";
          const pages = await caches.open("talk-todo-pages-v1");
          if (!(await pages.match("/__last-page"))) return "no page";
          const data = await caches.open("talk-todo-data-v1");
          const keys = await data.keys();
          return keys.some((k) => new URL(k.url).pathname === "/api/tasks") ? "ready" : "no tasks";
        }),
      { timeout: 30_000 },
    )
    .toBe("ready");
}

test("offline after one visit: opens, shows the tasks, queues a quick add that lands once", async ({ page, context }) => {
  // Three page loads, two of them while the worker fills its caches: slow on a busy machine.
  test.setTimeout(180_000);
  await signUpAndIn(page.request, "offline");
  expect((await page.request.post("/api/tasks", { data: { title: "Pack the tent" } })).status()).toBe(201);
  const chat = new ChatPage(page);
  await chat.goto();
  await expect(chat.panel.item("Pack the tent")).toBeVisible();
  await waitUntilCachedForOffline(page);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(chat.panel.item("Pack the tent")).toBeVisible();
  const status = chat.panel.root.getByTestId("offline-status");
  await expect(status).toContainText("Offline");
  await expect(page.getByTestId("chat-offline")).toContainText("needs a connection");
  // One composer once the offline page has settled (CI on b8bd6d9 once saw two for a moment after this reload,
  // which a strict locator refuses; the cause is not known yet, the end state is what the user keeps).
  await expect(chat.sendButton).toHaveCount(1);
  await expect(chat.sendButton).toBeDisabled();

  await chat.panel.newTitle.fill("Buy camping gas");
  await chat.panel.newTitle.press("Enter");
  await expect(chat.panel.item("Buy camping gas")).toBeVisible();
  await expect(status).toContainText("1 change waits");
  expect(await serverTitles(page)).not.toContain("Buy camping gas");

  await context.setOffline(false);
  await expect(status).toBeHidden({ timeout: 20_000 });
  await expect.poll(async () => (await serverTitles(page)).filter((t) => t === "Buy camping gas").length).toBe(1);
  await expect(chat.panel.item("Buy camping gas")).toHaveCount(1);
  await expect(chat.panel.checkbox("Buy camping gas")).toBeEnabled();

  // Nothing is left to send: another reload and another reconnect add nothing.
  await page.reload();
  await chat.expectLoaded();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect((await serverTitles(page)).filter((t) => t === "Buy camping gas")).toHaveLength(1);
});

test("a connection that reaches nothing while the browser says online: the write waits and lands once", async ({ page, context }) => {
  // A network with no way out (or a browser whose navigator.onLine is stale): onLine stays true throughout.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => true });
  });
  await signUpAndIn(page.request, "no-way-out");
  expect((await page.request.post("/api/tasks", { data: { title: "Return the library books" } })).status()).toBe(201);
  const chat = new ChatPage(page);
  await chat.goto();
  await expect(chat.panel.item("Return the library books")).toBeVisible();
  const status = chat.panel.root.getByTestId("offline-status");
  await expect(status).toBeHidden();

  await context.setOffline(true);
  await chat.panel.toggle("Return the library books");
  await expect(chat.panel.checkbox("Return the library books")).toBeChecked();
  await expect(status).toContainText("Offline");
  await expect(status).toContainText("1 change waits");
  await expect(page.getByTestId("chat-offline")).toContainText("needs a connection");

  await context.setOffline(false);
  await expect(status).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/tasks?status=completed");
      return ((await res.json()) as { tasks: { title: string }[] }).tasks.map((t) => t.title);
    })
    .toEqual(["Return the library books"]);
  await expect(chat.panel.item("Return the library books")).toHaveAttribute("data-status", "completed");
});
