/** Page objects for the signed-out pages: sign-in and sign-up. */
import { expect, type Locator, type Page } from "@playwright/test";

abstract class AuthPage {
  readonly email: Locator;
  readonly password: Locator;
  /** The form-level error (e.g. wrong password), as opposed to a field's inline error. */
  readonly formError: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel("Email", { exact: true });
    this.password = page.getByLabel("Password", { exact: true });
    this.formError = page.getByTestId("form-error");
  }

  /** A field is marked invalid and its inline message is its accessible description. */
  async expectFieldError(field: Locator, message: string | RegExp): Promise<void> {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }

  async expectFieldValid(field: Locator): Promise<void> {
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
  }
}

export class LoginPage extends AuthPage {
  readonly submit: Locator;

  constructor(page: Page) {
    super(page);
    this.submit = page.getByRole("button", { name: "Sign in", exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto("/login");
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login(\?.*)?$/);
    await expect(this.page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class RegisterPage extends AuthPage {
  readonly name: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    super(page);
    this.name = page.getByLabel("Name (optional)");
    this.submit = page.getByRole("button", { name: "Create account", exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto("/register");
    await expect(this.page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  }

  async signUp({ email, password, name }: { email: string; password: string; name?: string }): Promise<void> {
    if (name !== undefined) await this.name.fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
