/**
 * Issue #16 in the browser: the list switcher (counts, create, rename, delete → Inbox), moving a
 * task by dragging it onto a list and by the edit form, labels typed as '#errands' and filtered
 * by their chip, subtasks indented with their "2/3" progress; no serious axe violations, light
 * and dark, on a phone-sized screen too.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const results = await new AxeBuilder({ page })
    .include('[data-testid="task-panel"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe("organise: lists, labels, subtasks", () => {
  test("switch lists, create / rename / delete a list, drag a task onto a list, move by menu", async ({ page }) => {
    await signUpAndIn(page.request, "organise");
    const chat = new ChatPage(page);
    await chat.goto();
    const panel = chat.panel;
    await panel.expectLoaded();
    const lists = panel.root.getByRole("navigation", { name: "Lists" });
    const listButton = (name: RegExp | string) => lists.getByRole("button", { name });

    await panel.add("Milk");
    await panel.add("Stamps");
    await expect(listButton("Inbox, 2 to do")).toBeVisible();

    // Create a list: it is selected, empty, and new tasks go into it.
    await lists.getByRole("button", { name: "New list" }).click();
    await lists.getByLabel("New list name").fill("Groceries");
    await lists.getByRole("button", { name: "Create list" }).click();
    await expect(listButton("Groceries, 0 to do")).toHaveAttribute("aria-pressed", "true");
    await expect(panel.root.getByTestId("list-empty")).toBeVisible();
    await panel.add("Bread");
    await expect(listButton("Groceries, 1 to do")).toBeVisible();

    // Drag "Milk" from every task onto Groceries.
    await listButton("All tasks").click();
    await expect(panel.item("Milk")).toBeVisible();
    await panel.item("Milk").dragTo(listButton(/^Groceries/));
    await expect(listButton("Groceries, 2 to do")).toBeVisible();
    await expect(listButton("Inbox, 1 to do")).toBeVisible();
    await expect(panel.item("Milk")).toContainText("Groceries");

    // Move "Stamps" by the edit form's list menu.
    await panel.item("Stamps").getByRole("button", { name: "Edit “Stamps”" }).click();
    const form = panel.root.getByRole("form", { name: "Edit “Stamps”" });
    await form.getByLabel("List").selectOption({ label: "Groceries" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(listButton("Groceries, 3 to do")).toBeVisible();
    await expect(listButton("Inbox, 0 to do")).toBeVisible();

    // Rename, then delete: its tasks go to the Inbox.
    await listButton(/^Groceries/).click();
    await expect(panel.items).toHaveCount(3);
    await lists.getByRole("button", { name: "Rename the list “Groceries”" }).click();
    await lists.getByLabel("List name").fill("Shopping");
    await lists.getByRole("button", { name: "Rename list" }).click();
    await expect(listButton("Shopping, 3 to do")).toHaveAttribute("aria-pressed", "true");
    await lists.getByRole("button", { name: "Delete the list “Shopping”" }).click();
    await page.getByTestId("delete-list-dialog").getByRole("button", { name: "Delete list" }).click();
    await expect(listButton(/^Shopping/)).toHaveCount(0);
    await expect(listButton("Inbox, 3 to do")).toBeVisible();
    await expect(panel.items).toHaveCount(3);

    // Undo from the toast: the list comes back with its tasks.
    await page.getByTestId("toast").filter({ hasText: "Deleted the list “Shopping”" }).getByRole("button", { name: "Undo" }).click();
    await expect(listButton("Shopping, 3 to do")).toBeVisible();
    await expect(listButton("Inbox, 0 to do")).toBeVisible();
  });

  for (const theme of ["light", "dark"] as const) {
    test.describe(theme, () => {
      test.use({ colorScheme: theme });
      test(`labels and subtasks (${theme})`, async ({ page }) => {
        await signUpAndIn(page.request, `organise-${theme}`);
        const chat = new ChatPage(page);
        await chat.goto();
        const panel = chat.panel;
        await panel.expectLoaded();

        // '#errands' in the add form becomes a label; its chip filters the panel.
        await panel.newTitle.fill("Post the letter #errands");
        await panel.addButton.click();
        await expect(panel.checkbox("Post the letter")).toBeEnabled();
        await panel.add("Pack for the trip");
        await panel.item("Post the letter").getByRole("button", { name: "Show tasks labelled errands" }).click();
        await expect(panel.items).toHaveCount(1);
        await panel.root.getByRole("button", { name: "Stop filtering by label errands" }).first().click();
        await expect(panel.items).toHaveCount(2);

        // Subtasks: added under the parent, indented, with progress.
        await panel.item("Pack for the trip").getByRole("button", { name: "Add a subtask to “Pack for the trip”" }).click();
        const steps = panel.root.getByRole("form", { name: "Add a subtask to “Pack for the trip”" });
        for (const step of ["Passport", "Charger", "Adapter"]) {
          await steps.getByLabel("New subtask of “Pack for the trip”").fill(step);
          await steps.getByRole("button", { name: "Add", exact: true }).click();
          await expect(panel.checkbox(step)).toBeEnabled();
        }
        await steps.getByRole("button", { name: "Done" }).click();
        const parent = panel
          .item("Pack for the trip")
          .filter({ hasNot: page.locator("[data-subtask]") })
          .first();
        await expect(parent.getByTestId("subtask-progress")).toHaveText(/0\/3/);
        await panel.toggle("Passport");
        await panel.toggle("Charger");
        await expect(parent.getByTestId("subtask-progress")).toHaveText(/2\/3/);
        await expect(panel.item("Adapter")).toHaveAttribute("data-subtask", "true");
        await expect(panel.item("Adapter")).toContainText("Subtask of “Pack for the trip”");
        await expectNoSeriousViolations(page);

        // Deleting the parent says how many subtasks go with it.
        await parent.getByRole("button", { name: "Delete “Pack for the trip”" }).click();
        await expect(parent).toContainText("Delete with its 3 subtasks?");
        await parent.getByRole("button", { name: "Delete", exact: true }).click();
        await expect(panel.items).toHaveCount(1);
      });
    });
  }

  test("on a phone the switcher scrolls sideways and still switches lists", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { request } = page;
    await signUpAndIn(request, "organise-phone");
    for (const name of ["Work", "Home", "Groceries", "Garden"])
      expect((await request.post("/api/lists", { data: { name } })).status()).toBe(201);
    const chat = new ChatPage(page);
    await chat.goto();
    await page.getByRole("button", { name: /Open tasks \(\d+ to do\)/ }).click();
    const lists = chat.panel.root.getByRole("navigation", { name: "Lists" });
    await lists.getByRole("button", { name: "Work, 0 to do" }).click();
    await expect(lists.getByRole("button", { name: "Work, 0 to do" })).toHaveAttribute("aria-pressed", "true");
  });
});
