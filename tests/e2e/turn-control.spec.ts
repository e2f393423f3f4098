/**
 * Issue 11 in the browser, with the built-in offline model: regenerating the last answer and
 * editing the last message replace that answer — and undo the task changes it made first.
 */
import { expect, test } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

test.describe("edit and regenerate", () => {
  test("regenerate replaces the last answer and undoes its change before answering again", async ({ page }) => {
    await signUpAndIn(page.request, "regen");
    const chat = new ChatPage(page);
    await chat.goto();
    const answer = await chat.ask("add buy milk");
    await expect(answer.getByTestId("task-card")).toContainText("Buy milk");
    await expect(chat.panel.items).toHaveCount(1);

    await answer.getByTestId("regenerate").click();
    await chat.waitForIdle();
    // One question, one answer: the first "Buy milk" was undone, the new answer added it again.
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.assistantMessages.last().getByTestId("task-card")).toContainText("Buy milk");
    await expect(chat.panel.items).toHaveCount(1);
    const tasks = (await (await page.request.get("/api/tasks")).json()) as { tasks: { title: string }[] };
    expect(tasks.tasks.map((t) => t.title)).toEqual(["Buy milk"]);

    // The server keeps the same: after a reload, still one question and one answer.
    await page.reload();
    await chat.expectLoaded();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.assistantMessages).toHaveCount(1);
  });

  test("editing the last message replaces it and its answer, and undoes that answer's change", async ({ page }) => {
    await signUpAndIn(page.request, "edit");
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.ask("add call mom");
    await expect(chat.panel.item("Call mom")).toBeVisible();

    await chat.userMessages.last().getByTestId("edit-message").click();
    const input = chat.log.getByTestId("edit-message-input");
    await expect(input).toHaveValue("add call mom");
    await input.fill("add call dad");
    await chat.log.getByTestId("edit-message-save").click();
    await chat.waitForIdle();

    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.userMessages.last()).toContainText("add call dad");
    await expect(chat.assistantMessages).toHaveCount(1);
    await expect(chat.panel.item("Call dad")).toBeVisible();
    await expect(chat.panel.item("Call mom")).toHaveCount(0);

    await page.reload();
    await chat.expectLoaded();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.userMessages.last()).toContainText("add call dad");
    await expect(chat.panel.items).toHaveCount(1);
  });
});
