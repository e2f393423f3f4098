/**
 * Tasks that live in time, in the browser: a reminder comes due while the page is open (with a
 * clock the test controls), is snoozed and dismissed; a reminder due while the app was closed
 * shows on the next visit; the panel shows and edits repeat rules; completing a repeating task
 * moves it on; Settings create, replace and revoke the calendar link.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

async function createTask(page: Page, data: Record<string, unknown>): Promise<{ id: string; dueAt: string | null }> {
  const res = await page.request.post("/api/tasks", { data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { task: { id: string; dueAt: string | null } }).task;
}

test.describe("tasks that live in time", () => {
  test("a reminder comes due while the page is open: toast, bell count, snooze, dismiss", async ({ page }) => {
    await signUpAndIn(page.request, "remind");
    const start = new Date();
    await page.clock.install({ time: start });
    await createTask(page, { title: "Call mom", remindAt: new Date(start.getTime() + 2 * 60_000).toISOString() });

    const chat = new ChatPage(page);
    await page.goto("/");
    await chat.panel.expectLoaded();
    const bell = page.getByTestId("reminder-bell");
    await expect(bell).toHaveAccessibleName("Reminders");
    await expect(chat.panel.item("Call mom").getByTestId("task-reminder")).toBeVisible();

    // Three minutes later the poll finds it.
    await page.clock.fastForward("03:00");
    await expect(page.getByTestId("toast").filter({ hasText: "Reminder: Call mom" })).toBeVisible();
    await expect(page.getByTestId("reminder-count")).toHaveText("1");

    await bell.click();
    await page.getByRole("button", { name: "Snooze “Call mom” 10 min" }).click();
    await expect(page.getByTestId("reminder-count")).toHaveCount(0);

    // Due again after the snooze (the menu stays open meanwhile).
    await page.clock.fastForward("11:00");
    await expect(page.getByTestId("reminder-count")).toHaveText("1");
    await expect(page.getByRole("region", { name: "Reminders" }).getByTestId("reminder-item")).toContainText("Call mom");
    await page.getByRole("button", { name: "Dismiss “Call mom”" }).click();
    await expect(page.getByTestId("reminder-count")).toHaveCount(0);
    await page.clock.fastForward("01:00");
    await expect(page.getByTestId("reminder-count")).toHaveCount(0);
  });

  test("a reminder that came due while the app was closed shows on the next visit", async ({ page }) => {
    await signUpAndIn(page.request, "missed");
    await createTask(page, { title: "Pay the electrician", remindAt: new Date(Date.now() - 3600_000).toISOString() });
    await page.goto("/");
    await expect(page.getByTestId("reminder-count")).toHaveText("1");
    await page.getByTestId("reminder-bell").click();
    await expect(page.getByTestId("reminder-item")).toContainText("Pay the electrician");
    await expect(page.getByRole("button", { name: "Show reminders as system notifications" })).toBeVisible();
  });

  test("with notifications allowed, a due reminder is also a system notification", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    // Record what the page shows as system notifications.
    await page.addInitScript(() => {
      const shown: { title: string; body?: string }[] = [];
      (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body });
        }
      }
      Object.defineProperty(Recording, "permission", { get: () => Real.permission });
      window.Notification = Recording as typeof Notification;
    });
    await signUpAndIn(page.request, "notify");
    await createTask(page, { title: "Take the cake out", remindAt: new Date(Date.now() - 60_000).toISOString() });
    await page.goto("/");
    await expect(page.getByTestId("reminder-count")).toHaveText("1");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))
      .toEqual([{ title: "Reminder", body: "Take the cake out" }]);
    // Allowed already: the bell does not ask again.
    await page.getByTestId("reminder-bell").click();
    await expect(page.getByRole("button", { name: "Show reminders as system notifications" })).toHaveCount(0);
  });

  test("the panel shows a repeating task's rule, sets one, and completing moves it on", async ({ page }) => {
    await signUpAndIn(page.request, "repeat");
    const due = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
    const plants = await createTask(page, { title: "Water the plants", dueAt: due, recurrence: "FREQ=DAILY" });
    await createTask(page, { title: "Pay rent", dueAt: due });

    const chat = new ChatPage(page);
    await page.goto("/");
    await chat.panel.expectLoaded();
    const row = chat.panel.item("Water the plants");
    await expect(row.getByTestId("task-repeat")).toBeVisible();

    // Completing moves it to the next day; it stays to do.
    await chat.panel.toggle("Water the plants");
    await expect(page.getByTestId("toast").filter({ hasText: "moved to its next date" })).toBeVisible();
    await expect(row).toHaveAttribute("data-status", "pending");
    const after = (await (await page.request.get(`/api/tasks/${plants.id}`)).json()) as {
      task: { dueAt: string; lastCompletedAt: string | null };
    };
    expect(new Date(after.task.dueAt).getTime() - new Date(plants.dueAt!).getTime()).toBe(86400_000);
    expect(after.task.lastCompletedAt).not.toBeNull();

    // The toast's Undo moves it back to the date it had.
    await page.getByTestId("toast").filter({ hasText: "moved to its next date" }).getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Undone: reopened 'Water the plants'." })).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/tasks/${plants.id}`)).json()) as {
              task: { dueAt: string; lastCompletedAt: string | null };
            }
          ).task,
      )
      .toMatchObject({ dueAt: plants.dueAt, lastCompletedAt: null });

    // Set a monthly repeat and a reminder from the editor.
    await chat.panel.item("Pay rent").getByRole("button", { name: "Edit “Pay rent”" }).click();
    const form = chat.panel.root.getByRole("form", { name: "Edit “Pay rent”" });
    const day = Number(due.slice(8, 10));
    await form.getByLabel("Repeat").selectOption({
      label: `Monthly on the ${day}${day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th"}`,
    });
    await form.getByLabel("Remind me at").fill(`${due}T09:00`);
    await form.getByRole("button", { name: "Save" }).click();
    const rent = chat.panel.item("Pay rent");
    await expect(rent.getByTestId("task-repeat")).toContainText("monthly on the");
    await expect(rent.getByTestId("task-reminder")).toContainText("9:00");
  });

  test("Settings create, replace and revoke the calendar link", async ({ page }) => {
    await signUpAndIn(page.request, "feed");
    await createTask(page, { title: "Dentist", dueAt: new Date(Date.now() + 86400_000).toISOString() });
    await page.goto("/settings");
    const feed = page.getByTestId("calendar-feed");
    await feed.getByRole("button", { name: "Create calendar link" }).click();
    const link = feed.getByRole("textbox", { name: "Calendar link" });
    await expect(link).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await link.inputValue();
    const ics = await page.request.get(first);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("SUMMARY:Dentist");

    await feed.getByRole("button", { name: "Replace link" }).click();
    await page.getByRole("button", { name: "Replace link" }).last().click();
    await expect(link).not.toHaveValue(first);
    expect((await page.request.get(first)).status()).toBe(404);
    const second = await link.inputValue();

    await feed.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("button", { name: "Revoke link" }).click();
    await expect(feed.getByRole("button", { name: "Create calendar link" })).toBeVisible();
    expect((await page.request.get(second)).status()).toBe(404);
  });
});
