/** The settings page: time zone and personal access tokens. */
import { expect, type Locator, type Page } from "@playwright/test";

export class SettingsPage {
  readonly timeZone: Locator;
  readonly saveTimeZone: Locator;
  readonly tokenName: Locator;
  readonly createToken: Locator;
  readonly newToken: Locator;
  readonly tokens: Locator;

  constructor(readonly page: Page) {
    this.timeZone = page.getByRole("combobox", { name: "Time zone" });
    this.saveTimeZone = page.getByRole("button", { name: "Save time zone" });
    this.tokenName = page.getByLabel("Token name");
    this.createToken = page.getByRole("button", { name: "Create token" });
    this.newToken = page.getByTestId("new-token");
    this.tokens = page.getByTestId("token-item");
  }

  async goto(): Promise<void> {
    await this.page.goto("/settings");
    await expect(this.page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expect(this.page.getByText("Loading tokens…")).toHaveCount(0);
  }

  async addToken(name: string): Promise<void> {
    await this.tokenName.fill(name);
    await this.createToken.click();
    await expect(this.newToken).toContainText(name);
    await expect(this.tokens.filter({ hasText: name })).toHaveCount(1);
  }
}
