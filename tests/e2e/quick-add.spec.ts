/**
 * Issue #19 in the browser: the panel's add box reads the line as it is typed (chips for what
 * it recognised), Enter creates the task with those fields (checked over the REST API), `q`
 * focuses the box and Esc leaves it.
 */
import { expect, test } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

type ApiTask = { title: string; priority: string; dueAt: string | null; recurrence: { rule: string } | null; labels: string[]; list: { name: string } | null };

test("quick add: type, see the chips, create with the fields read", async ({ page }) => {
  await signUpAndIn(page.request, "quickadd");
  expect((await page.request.post("/api/lists", { data: { name: "Errands" } })).status()).toBe(201);
  const chat = new ChatPage(page);
  await chat.goto();
  const panel = chat.panel;
  await panel.expectLoaded();

  // `q` from the page focuses the box; Esc leaves it.
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("q");
  await expect(panel.newTitle).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel.newTitle).not.toBeFocused();

  await panel.newTitle.click();
  await panel.newTitle.pressSequentially("pay rent on the 1st of every month 9am #home high", { delay: 10 });
  const chips = panel.root.getByTestId("quick-add-chips");
  await expect(chips).toContainText("High priority");
  await expect(chips).toContainText("Repeats");
  await expect(chips).toContainText("#home");
  await expect(chips).toContainText("Due");
  await page.keyboard.press("Enter");
  await expect(panel.newTitle).toHaveValue("");
  await expect(panel.checkbox("Pay rent")).toBeEnabled();

  // Typed faster than the reading: Enter still uses it.
  await panel.newTitle.fill("buy stamps @errands low");
  await page.keyboard.press("Enter");
  await expect(panel.checkbox("Buy stamps")).toBeEnabled();

  const { tasks } = (await (await page.request.get("/api/tasks")).json()) as { tasks: ApiTask[] };
  const rent = tasks.find((t) => t.title === "Pay rent");
  expect(rent).toMatchObject({ priority: "high", labels: ["home"], recurrence: { rule: "FREQ=MONTHLY;BYMONTHDAY=1" } });
  expect(rent?.dueAt).not.toBeNull();
  expect(tasks.find((t) => t.title === "Buy stamps")).toMatchObject({ priority: "low", list: { name: "Errands" } });
});
