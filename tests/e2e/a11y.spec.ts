/** Automated accessibility checks (axe-core, WCAG 2 A/AA): no serious or critical violations. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage, LoginPage, SettingsPage } from "./pages";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Scans the page at rest: no pointer hovering a control, no colour transition half-way. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`accessibility (${theme})`, () => {
    test.use({ colorScheme: theme });

    test("the sign-in page", async ({ page }) => {
      await new LoginPage(page).goto();
      await expectNoSeriousViolations(page);
      // With errors showing, too.
      const login = new LoginPage(page);
      await login.signIn("not-an-email", "x");
      await login.expectFieldError(login.email, "Enter a valid email address");
      await expectNoSeriousViolations(page);
    });

    test("the chat page with messages and cards", async ({ page }) => {
      test.slow(); // several turns, then axe over a long page
      await signUpAndIn(page.request, `a11y-${theme}`);
      const chat = new ChatPage(page);
      await chat.goto();
      await expectNoSeriousViolations(page); // the welcome screen
      await chat.ask("add buy milk tomorrow");
      await chat.ask("add call the dentist on friday, high priority");
      await chat.panel.add("Water the plants", { priority: "low" });
      await chat.panel.toggle("Water the plants");
      await expect(chat.panel.checkbox("Water the plants")).toBeChecked();
      await chat.ask("show my tasks");
      const answer = await chat.ask("delete buy milk");
      await expect(answer.getByTestId("confirm-card")).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test("the settings page", async ({ page }) => {
      await signUpAndIn(page.request, `a11y-settings-${theme}`);
      // Recent changes with an entry, one undone and its undo.
      const created = await page.request.post("/api/tasks", { data: { title: "Renew passport" } });
      await page.request.post("/api/tasks", { data: { title: "Book flights" } });
      await page.request.post("/api/undo", { data: { requestId: created.headers()["x-request-id"] } });
      const settings = new SettingsPage(page);
      await settings.goto();
      await expect(page.getByTestId("activity-item")).toHaveCount(3);
      await settings.addToken("Laptop script");
      await expectNoSeriousViolations(page);
    });
  });
}
