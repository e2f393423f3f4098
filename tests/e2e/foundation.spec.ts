/**
 * Issue #2, the foundation through the browser: sign up, sign in, manage tasks in the panel,
 * sign out; signed-out pages send you to sign-in; bad sign-up and sign-in show inline errors.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./fixtures";
import { ChatPage, LoginPage, RegisterPage } from "./pages";

test.describe("foundation", () => {
  test("sign up, sign in, add / complete / edit / delete tasks in the panel, sign out", async ({ page }) => {
    const email = uniqueEmail("foundation");
    const register = new RegisterPage(page);
    const chat = new ChatPage(page);
    const panel = chat.panel;

    await register.goto();
    await register.signUp({ email, password: PASSWORD, name: "Ada" });
    await expect(page).toHaveURL(/\/$/);
    await chat.expectLoaded();
    await expect(panel.empty).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // Signing out and back in through the form.
    await chat.signOut();
    const login = new LoginPage(page);
    await login.expectLoaded();
    await login.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await chat.expectLoaded();

    // Add: a plain one, one with priority and due date; the newest is on top.
    await panel.add("Water the plants");
    await panel.add("File taxes", { priority: "high", due: "2030-05-17" });
    await expect(panel.empty).toBeHidden();
    await expect(panel.items).toHaveCount(2);
    await expect(panel.items.first()).toContainText("File taxes");
    await expect(panel.item("File taxes")).toContainText("high");
    await expect(panel.item("File taxes")).toContainText("May 17, 2030");
    await expect(panel.root).toContainText("2 to do");

    // Complete, then reopen.
    await panel.toggle("Water the plants");
    await expect(panel.checkbox("Water the plants")).toBeChecked();
    await expect(panel.checkbox("Water the plants")).toHaveAccessibleName("Reopen “Water the plants”");
    await expect(panel.item("Water the plants")).toHaveAttribute("data-status", "completed");
    await expect(panel.root).toContainText("1 to do");
    await panel.filterStatus("Done");
    await expect(panel.items).toHaveCount(1);
    await expect(panel.item("Water the plants")).toBeVisible();
    await panel.filterStatus("To do");
    await expect(panel.items).toHaveCount(1);
    await expect(panel.item("File taxes")).toBeVisible();
    await panel.filterStatus("All");
    await expect(panel.items).toHaveCount(2);
    await panel.toggle("Water the plants");
    await expect(panel.checkbox("Water the plants")).not.toBeChecked();

    // Edit title, priority and due date.
    await panel.edit("Water the plants", { title: "Water the ferns", priority: "low", due: "2030-06-02" });
    await expect(panel.item("Water the plants")).toHaveCount(0);
    await expect(panel.item("Water the ferns")).toContainText("low");
    await expect(panel.item("Water the ferns")).toContainText("Jun 2, 2030");
    // Clearing the due date and raising the priority.
    await panel.edit("File taxes", { priority: "medium", due: "" });
    await expect(panel.item("File taxes")).not.toContainText("2030");
    await expect(panel.item("File taxes")).not.toContainText("high");

    // Changes are saved: they survive a reload.
    await page.reload();
    await chat.expectLoaded();
    await expect(panel.items).toHaveCount(2);
    await expect(panel.item("Water the ferns")).toContainText("Jun 2, 2030");
    await expect(panel.item("Water the ferns")).toContainText("low");

    // Delete: "Keep" keeps it, "Delete" removes it.
    const ferns = panel.item("Water the ferns");
    await ferns.getByRole("button", { name: "Delete “Water the ferns”" }).click();
    await ferns.getByRole("button", { name: "Keep" }).click();
    await expect(ferns).toBeVisible();
    await panel.delete("Water the ferns");
    await panel.delete("File taxes");
    await expect(panel.empty).toBeVisible();
    await page.reload();
    await chat.expectLoaded();
    await expect(panel.empty).toBeVisible();

    // Signed out, every page leads to sign-in.
    await chat.signOut();
    for (const path of ["/", "/settings", `/chat/${randomUUID()}`]) {
      await page.goto(path);
      await login.expectLoaded();
    }
  });

  test("sign-up shows inline field errors for a bad email and a short password", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();

    await register.signUp({ email: "not-an-email", password: "short" });
    await register.expectFieldError(register.email, "Enter a valid email address");
    await register.expectFieldError(register.password, /at least 8 characters/);
    await expect(register.email).toHaveValue("not-an-email");
    await expect(page).toHaveURL(/\/register$/);

    // Fixing the email leaves only the password error.
    await register.signUp({ email: uniqueEmail("badsignup"), password: "short" });
    await register.expectFieldValid(register.email);
    await register.expectFieldError(register.password, /at least 8 characters/);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("sign-up with an email that is already taken says so on the email field", async ({ page, request }) => {
    const email = uniqueEmail("taken");
    const res = await request.post("/api/register", { data: { email, password: PASSWORD } });
    expect(res.status()).toBe(201);
    const register = new RegisterPage(page);
    await register.goto();
    await register.signUp({ email, password: PASSWORD });
    await register.expectFieldError(register.email, "An account with this email already exists.");
  });

  test("sign-in shows inline errors for a bad email and a wrong password", async ({ page, request }) => {
    const email = uniqueEmail("badsignin");
    expect((await request.post("/api/register", { data: { email, password: PASSWORD } })).status()).toBe(201);
    const login = new LoginPage(page);
    await login.goto();

    await login.signIn("nope", "whatever");
    await login.expectFieldError(login.email, "Enter a valid email address");
    await expect(login.formError).toBeHidden();

    await login.signIn(email, "wrong password");
    await expect(login.formError).toHaveText("Invalid email or password");
    await login.expectFieldValid(login.email);
    await expect(login.email).toHaveValue(email);
    await expect(page).toHaveURL(/\/login$/);

    // An unknown account reads exactly the same.
    await login.goto();
    await login.signIn(uniqueEmail("nobody"), PASSWORD);
    await expect(login.formError).toHaveText("Invalid email or password");

    await login.goto();
    await login.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await new ChatPage(page).expectLoaded();
  });
});
