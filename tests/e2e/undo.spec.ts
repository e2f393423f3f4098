/**
 * Undo in the browser: the toast after a task-panel action, the Undo under a chat reply that
 * changed tasks (the built-in offline model), and Settings → Recent changes.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

function toastUndo(page: Page, text: string) {
  return page.getByTestId("toast").filter({ hasText: text }).getByRole("button", { name: "Undo" });
}

test.describe("undo", () => {
  test("a panel action's toast offers Undo: complete, edit and delete are put back", async ({ page }) => {
    await signUpAndIn(page.request, "undo-panel");
    const chat = new ChatPage(page);
    await chat.goto();
    const { panel } = chat;
    await panel.add("Post the parcel", { priority: "high" });

    await panel.toggle("Post the parcel");
    await expect(panel.item("Post the parcel")).toHaveAttribute("data-status", "completed");
    await toastUndo(page, "Completed “Post the parcel”.").click();
    await expect(panel.item("Post the parcel")).toHaveAttribute("data-status", "pending");
    await expect(page.getByTestId("toast").filter({ hasText: "Undone: reopened 'Post the parcel'." })).toBeVisible();

    // From the keyboard: Ctrl+Z runs the newest toast's Undo (focus is on the checkbox).
    await panel.toggle("Post the parcel");
    await expect(toastUndo(page, "Completed “Post the parcel”.")).toBeVisible();
    await page.keyboard.press("Control+z");
    await expect(panel.item("Post the parcel")).toHaveAttribute("data-status", "pending");

    await panel.edit("Post the parcel", { title: "Post the big parcel", priority: "low" });
    await expect(panel.item("Post the big parcel")).toBeVisible();
    await toastUndo(page, "Updated “Post the big parcel”.").click();
    await expect(panel.item("Post the parcel")).toBeVisible();
    await expect(panel.item("Post the big parcel")).toHaveCount(0);

    await panel.delete("Post the parcel");
    await toastUndo(page, "Deleted “Post the parcel”.").click();
    await expect(panel.item("Post the parcel")).toBeVisible();
    await expect(panel.item("Post the parcel")).toContainText("Priority: high");

    // The restored task is the same task: it survives a reload with its priority.
    await page.reload();
    await chat.expectLoaded();
    await expect(panel.item("Post the parcel")).toContainText("Priority: high");
  });

  test("Undo under a chat reply reverts that turn; a later edit is never overwritten", async ({ page }) => {
    await signUpAndIn(page.request, "undo-chat");
    const chat = new ChatPage(page);
    await chat.goto();

    await chat.ask("add water the plants");
    await expect(chat.panel.item("Water the plants")).toBeVisible();
    await chat.ask("add call the bank");
    await expect(chat.panel.item("Call the bank")).toBeVisible();

    // A reply that changed nothing offers no Undo.
    const listed = await chat.ask("show my tasks");
    await expect(listed.getByTestId("turn-undo")).toHaveCount(0);
    const first = chat.assistantMessages.nth(0);
    const second = chat.assistantMessages.nth(1);

    await second.getByTestId("turn-undo").click();
    await expect(second.getByTestId("turn-undo-result")).toHaveText("Undone: removed 'Call the bank'.");
    await expect(chat.panel.item("Call the bank")).toHaveCount(0);
    await expect(chat.panel.item("Water the plants")).toBeVisible();

    // Renamed in the panel since: the first turn's undo leaves it alone and says so.
    await chat.panel.edit("Water the plants", { title: "Water the garden" });
    await first.getByTestId("turn-undo").click();
    await expect(first.getByTestId("turn-undo-result")).toContainText("'Water the garden' was left as it is because it changed since.");
    await expect(chat.panel.item("Water the garden")).toBeVisible();
  });

  test("a confirmed delete in the chat is undone from its reply, also after a reload: the same task comes back", async ({ page }) => {
    await signUpAndIn(page.request, "undo-delete");
    const created = await page.request.post("/api/tasks", { data: { title: "Cancel the gym", priority: "high" } });
    const { task } = (await created.json()) as { task: { id: string } };
    const chat = new ChatPage(page);
    await chat.goto();
    const answer = await chat.ask("delete cancel the gym");
    await answer.getByTestId("confirm-delete").click();
    await expect(answer.getByTestId("deleted-card")).toContainText("Cancel the gym");
    await chat.waitForIdle();
    await expect(chat.panel.item("Cancel the gym")).toHaveCount(0);

    // The reply is saved with its turn's request id: Undo works after a reload too.
    await page.reload();
    await chat.expectLoaded();
    const reply = chat.assistantMessages.last();
    await reply.getByTestId("turn-undo").click();
    await expect(reply.getByTestId("turn-undo-result")).toHaveText("Undone: brought back 'Cancel the gym'.");
    await expect(chat.panel.item("Cancel the gym")).toContainText("Priority: high");
    expect((await page.request.get(`/api/tasks/${task.id}`)).status()).toBe(200);
  });

  test("Settings → Recent changes lists what changed and undoes it", async ({ page }) => {
    await signUpAndIn(page.request, "undo-settings");
    expect((await page.request.post("/api/tasks", { data: { title: "Renew passport" } })).status()).toBe(201);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Recent changes" });
    const list = section.getByRole("list", { name: "Recent changes" });
    await expect(list.getByTestId("activity-item").first()).toContainText("Added “Renew passport”");
    await list.getByRole("button", { name: "Undo: Added “Renew passport”" }).click();
    await expect(section.getByTestId("activity-status")).toHaveText("Undone: removed 'Renew passport'.");
    await expect(list.getByTestId("activity-item").first()).toContainText("Deleted “Renew passport”");
    await expect(list.getByTestId("activity-item").first()).toContainText("(undo)");
    expect(((await (await page.request.get("/api/tasks")).json()) as { tasks: unknown[] }).tasks).toHaveLength(0);
  });
});
