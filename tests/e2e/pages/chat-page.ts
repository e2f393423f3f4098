/** The signed-in chat page: conversation, composer, sidebar and the task panel beside it. */
import { expect, type Locator, type Page } from "@playwright/test";
import { TaskPanel } from "./task-panel";

export const CONVERSATION_URL = /\/chat\/[0-9a-f-]{36}$/;

export class ChatPage {
  readonly panel: TaskPanel;
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly log: Locator;
  readonly userMessages: Locator;
  readonly assistantMessages: Locator;
  readonly typing: Locator;
  readonly confirmCards: Locator;
  readonly taskCards: Locator;
  readonly deletedCards: Locator;
  readonly error: Locator;
  readonly welcome: Locator;
  readonly newChat: Locator;
  readonly conversations: Locator;
  readonly modelBadge: Locator;
  readonly signOutButton: Locator;
  readonly settingsLink: Locator;

  constructor(readonly page: Page) {
    this.panel = new TaskPanel(page);
    // While a chat page replaces another, React keeps the old one's composer mounted but hidden for a
    // moment; the person types into the one they can see.
    this.input = page.getByTestId("chat-input").filter({ visible: true });
    this.sendButton = page.getByTestId("send-button");
    this.stopButton = page.getByTestId("stop-button");
    this.log = page.getByTestId("chat-messages");
    this.userMessages = this.log.getByTestId("message-user");
    this.assistantMessages = this.log.getByTestId("message-assistant");
    this.typing = page.getByTestId("typing-indicator");
    this.confirmCards = this.log.getByTestId("confirm-card");
    this.taskCards = this.log.getByTestId("task-card");
    this.deletedCards = this.log.getByTestId("deleted-card");
    this.error = page.getByTestId("chat-error");
    this.welcome = page.getByTestId("welcome");
    this.newChat = page.getByTestId("new-chat");
    this.conversations = page.getByTestId("conversation-item");
    this.modelBadge = page.getByTestId("model-badge");
    this.signOutButton = page.getByRole("button", { name: "Sign out" });
    this.settingsLink = page.getByRole("link", { name: "Settings" });
  }

  async goto(path = "/"): Promise<void> {
    await this.page.goto(path);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.input).toBeVisible();
    await this.panel.expectLoaded();
  }

  /** Sends a message (Enter) and waits until it shows up in the conversation. */
  async send(text: string): Promise<void> {
    const before = await this.userMessages.count();
    await this.input.fill(text);
    await expect(this.sendButton).toBeEnabled();
    await this.input.press("Enter");
    await expect(this.userMessages).toHaveCount(before + 1);
    await expect(this.userMessages.last()).toContainText(text);
  }

  /** Waits until the assistant has finished its turn. */
  async waitForIdle(): Promise<void> {
    await expect(this.log).toHaveAttribute("aria-busy", "false");
    await expect(this.stopButton).toBeHidden();
    await expect(this.typing).toBeHidden();
  }

  /** Sends a message and waits for the whole answer. */
  async ask(text: string): Promise<Locator> {
    const before = await this.assistantMessages.count();
    await this.send(text);
    await this.waitForIdle();
    await expect(this.assistantMessages).toHaveCount(before + 1);
    return this.assistantMessages.last();
  }

  /** A task row inside the chat's cards (every card that shows it). */
  cardTask(title: string): Locator {
    return this.log.getByTestId("card-task").filter({ has: this.page.getByText(title, { exact: true }) });
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
