/** The live task panel beside the chat (a drawer on narrow screens). */
import { expect, type Locator, type Page } from "@playwright/test";

export type TaskFields = { title?: string; priority?: "low" | "medium" | "high"; due?: string };

export class TaskPanel {
  readonly root: Locator;
  readonly addForm: Locator;
  readonly newTitle: Locator;
  readonly newPriority: Locator;
  readonly newDue: Locator;
  readonly addButton: Locator;
  readonly items: Locator;
  readonly empty: Locator;
  readonly search: Locator;
  readonly statusFilter: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId("task-panel");
    this.addForm = this.root.getByRole("form", { name: "Add a task" });
    this.newTitle = this.root.getByTestId("new-task-title");
    this.newPriority = this.addForm.getByLabel("Priority");
    this.newDue = this.addForm.getByLabel("Due date");
    this.addButton = this.addForm.getByRole("button", { name: "Add task" });
    this.items = this.root.getByTestId("task-item");
    this.empty = this.root.getByTestId("task-empty");
    this.search = this.root.getByLabel("Search tasks");
    this.statusFilter = this.root.getByRole("group", { name: "Status" });
  }

  /** The row whose title is exactly `title` (titles are plain text, so this also finds markup-like titles). */
  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByText(title, { exact: true }) });
  }

  checkbox(title: string): Locator {
    return this.item(title).getByRole("checkbox");
  }

  /** Waits until the list has loaded (either rows or the empty state). */
  async expectLoaded(): Promise<void> {
    await expect(this.root.getByRole("list", { name: "Loading tasks" })).toHaveCount(0);
  }

  async add(title: string, { priority, due }: Omit<TaskFields, "title"> = {}): Promise<void> {
    await this.newTitle.fill(title);
    if (priority) await this.newPriority.selectOption(priority);
    if (due) await this.newDue.fill(due);
    await this.addButton.click();
    // Saved once the optimistic row has its real id (its checkbox is enabled again).
    await expect(this.checkbox(title)).toBeEnabled();
  }

  async toggle(title: string): Promise<void> {
    await this.checkbox(title).click();
  }

  async edit(title: string, changes: TaskFields): Promise<void> {
    await this.item(title)
      .getByRole("button", { name: `Edit “${title}”` })
      .click();
    const form = this.root.getByRole("form", { name: `Edit “${title}”` });
    if (changes.title !== undefined) await form.getByLabel("Task title").fill(changes.title);
    if (changes.priority) await form.getByLabel("Priority").selectOption(changes.priority);
    if (changes.due !== undefined) await form.getByLabel("Due date").fill(changes.due);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toHaveCount(0);
  }

  async delete(title: string): Promise<void> {
    const row = this.item(title);
    await row.getByRole("button", { name: `Delete “${title}”` }).click();
    await row
      .getByRole("group", { name: `Delete “${title}”?` })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expect(row).toHaveCount(0);
  }

  async filterStatus(label: "All" | "To do" | "Done"): Promise<void> {
    await this.statusFilter.getByRole("button", { name: label, exact: true }).click();
  }
}
