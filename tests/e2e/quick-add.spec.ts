/**
 * Issue #19 in the browser: the panel's add box reads the line as it is typed (highlights behind
 * the words, chips for the fields), one click on a chip turns its words back into plain text
 * (and later readings keep that), Enter creates the task with those fields (checked over the REST
 * API), `q` focuses the box and Esc leaves it; axe-clean with highlights showing; and the same
 * box on a phone.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

type ApiTask = {
  title: string;
  priority: string;
  dueAt: string | null;
  recurrence: { rule: string } | null;
  labels: string[];
  list: { name: string } | null;
};

const LINE = "pay rent on the 1st of every month 9am #home high";
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoSeriousViolations(page: Page, selector: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const results = await new AxeBuilder({ page }).include(selector).withTags(WCAG).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

async function tasks(page: Page): Promise<ApiTask[]> {
  return ((await (await page.request.get("/api/tasks")).json()) as { tasks: ApiTask[] }).tasks;
}

test("quick add: type, see the highlights and chips, treat a word as plain text, create", async ({ page }) => {
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
  await panel.newTitle.pressSequentially(LINE, { delay: 10 });
  const chips = panel.root.getByTestId("quick-add-chips");
  const title = panel.root.getByTestId("quick-add-title");
  await expect(chips).toContainText("High priority");
  await expect(chips).toContainText("Repeats monthly on the 1st");
  await expect(chips).toContainText("#home");
  await expect(chips).toContainText("Due");
  await expect(title).toHaveText("Pay rent");
  // Each recognised phrase is highlighted behind its words.
  const marks = panel.root.getByTestId("quick-add-highlights").locator("mark");
  await expect(marks.and(page.locator('[data-kind="recurrence"]'))).toHaveText("on the 1st of every month");
  await expect(marks.and(page.locator('[data-kind="time"]'))).toHaveText("9am");
  await expect(marks.and(page.locator('[data-kind="label"]'))).toHaveText("#home");
  await expect(marks.and(page.locator('[data-kind="priority"]'))).toHaveText("high");

  await expectNoSeriousViolations(page, '[data-testid="task-panel"] form');

  // "high" is part of the title after all: one click.
  await chips.getByRole("button", { name: "Treat “high” as plain text" }).click();
  await expect(title).toHaveText("Pay rent high");
  await expect(chips).not.toContainText("High priority");
  await expect(marks.and(page.locator('[data-kind="priority"]'))).toHaveCount(0);
  await expect(chips).toContainText("#home");
  await expect(panel.newTitle).toBeFocused();
  // Typing on keeps that choice: the next readings still leave "high" alone.
  await page.keyboard.press("End");
  await page.keyboard.type(" ");
  await expect(title).toHaveText("Pay rent high");
  await expect(chips).toContainText("Repeats monthly on the 1st");
  await expect(chips).not.toContainText("High priority");
  await page.keyboard.press("Enter");
  await expect(panel.newTitle).toHaveValue("");
  await expect(panel.checkbox("Pay rent high")).toBeEnabled();

  // Typed faster than the reading: Enter still uses it.
  await panel.newTitle.fill("buy stamps @errands low");
  await page.keyboard.press("Enter");
  await expect(panel.checkbox("Buy stamps")).toBeEnabled();

  const all = await tasks(page);
  const rent = all.find((t) => t.title === "Pay rent high");
  expect(rent).toMatchObject({ priority: "medium", labels: ["home"], recurrence: { rule: "FREQ=MONTHLY;BYMONTHDAY=1" } });
  expect(new Date(rent!.dueAt!).getDate()).toBe(1);
  expect(all.find((t) => t.title === "Buy stamps")).toMatchObject({ priority: "low", list: { name: "Errands" } });
});

// The installed app (display: standalone) has no styles of its own: it is this layout without
// the browser's bar, so the phone viewport is what to check (this Chromium cannot emulate
// display-mode: standalone).
test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: "dark" });

  test("the box and its chips fit, are big enough to tap, and create the task", async ({ page }) => {
    await signUpAndIn(page.request, "quickadd-phone");
    const chat = new ChatPage(page);
    await chat.goto();
    await page.getByRole("button", { name: /Open tasks \(\d+ to do\)/ }).click();
    const panel = chat.panel;
    await panel.expectLoaded();

    await panel.newTitle.tap();
    await panel.newTitle.pressSequentially(LINE, { delay: 10 });
    const chips = panel.root.getByTestId("quick-add-chips");
    await expect(chips).toContainText("Repeats monthly on the 1st");
    await expect(chips).toContainText("High priority");

    // Nothing runs off the side of the screen, however long the line.
    const overflow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth - document.documentElement.clientWidth }));
    expect(overflow.page).toBeLessThanOrEqual(0);
    const form = panel.addForm;
    const formBox = (await form.boundingBox())!;
    expect(formBox.x).toBeGreaterThanOrEqual(0);
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(390);
    for (const chip of await chips.locator("li").all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x + box.width, await chip.innerText()).toBeLessThanOrEqual(390);
    }
    // Touch targets: 40px or more.
    const targets = [panel.newTitle, panel.addButton, ...(await chips.getByRole("button").all())];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.height, await target.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(40);
      expect(box.width).toBeGreaterThanOrEqual(40);
    }

    await expectNoSeriousViolations(page, '[data-testid="task-panel"] form');

    await chips.getByRole("button", { name: "Treat “#home” as plain text" }).tap();
    await expect(panel.root.getByTestId("quick-add-title")).toHaveText("Pay rent #home");
    await expect(chips).not.toContainText("#home");
    await panel.addButton.tap();
    await expect(panel.checkbox("Pay rent #home")).toBeEnabled();
    expect((await tasks(page)).find((t) => t.title === "Pay rent #home")).toMatchObject({
      priority: "high",
      labels: [],
      recurrence: { rule: "FREQ=MONTHLY;BYMONTHDAY=1" },
    });
  });
});
