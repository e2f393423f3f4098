/**
 * Voice input (issue #26) with a scripted microphone: a stand-in `webkitSpeechRecognition`,
 * injected before the page loads, that says what the test tells it to. Speaking into the chat
 * box shows the words as they are heard and sends them as one turn when they are final (the
 * task is added by the assistant); the quick-add box fills and the person adds; a refused
 * microphone says so; without the API there is no button.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndIn } from "./fixtures";
import { ChatPage } from "./pages";

type SpeechMode = "speak" | "not-allowed" | "missing";

/** Runs in the page before its scripts: replaces the browser's speech recognition. */
function installSpeech(mode: SpeechMode) {
  const w = window as unknown as Record<string, unknown>;
  if (mode === "missing") {
    for (const name of ["SpeechRecognition", "webkitSpeechRecognition"])
      Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
    return;
  }
  type Handler = ((event?: unknown) => void) | null;
  class ScriptedRecognition {
    lang = "";
    interimResults = false;
    continuous = false;
    maxAlternatives = 1;
    onstart: Handler = null;
    onresult: Handler = null;
    onerror: Handler = null;
    onend: Handler = null;
    start() {
      w.__recognition = this;
      w.__recognitionStarts = ((w.__recognitionStarts as number) ?? 0) + 1;
      setTimeout(() => {
        if (mode === "not-allowed") {
          this.onerror?.({ error: "not-allowed" });
          this.onend?.();
          return;
        }
        this.onstart?.();
      }, 10);
    }
    stop() {
      this.onend?.();
    }
    abort() {
      this.onerror?.({ error: "aborted" });
      this.onend?.();
    }
  }
  Object.defineProperty(window, "SpeechRecognition", { value: undefined, configurable: true, writable: true });
  Object.defineProperty(window, "webkitSpeechRecognition", { value: ScriptedRecognition, configurable: true, writable: true });
  /** What the person has said so far in this utterance; `final` ends it. */
  w.__say = (transcript: string, final: boolean) => {
    const rec = w.__recognition as ScriptedRecognition;
    const result = { 0: { transcript, confidence: 0.9 }, length: 1, isFinal: final };
    rec.onresult?.({ resultIndex: 0, results: { 0: result, length: 1 } });
    if (final) rec.onend?.();
  };
}

async function say(page: Page, transcript: string, final: boolean): Promise<void> {
  await page.evaluate(([t, f]) => (window as unknown as { __say: (t: string, f: boolean) => void }).__say(t as string, f as boolean), [
    transcript,
    final,
  ] as const);
}

test("speaking into the chat box adds a task through the chat", async ({ page }) => {
  await page.addInitScript(installSpeech, "speak" as SpeechMode);
  await signUpAndIn(page.request, "voice");
  const chat = new ChatPage(page);
  await chat.goto();

  const mic = page.getByTestId("chat-mic");
  await expect(mic).toBeVisible();
  await expect(mic).toHaveAttribute("aria-keyshortcuts", "Alt+M");
  await expect(mic).toHaveAttribute("title", /Alt\+M/);
  await mic.click();
  await expect(mic).toHaveAttribute("aria-pressed", "true");
  const composer = page.getByRole("form", { name: "Send a message" });
  await expect(composer.getByRole("status")).toHaveText(/Listening/);

  // Interim words show in the box as they are heard; nothing is sent yet.
  await say(page, "add buy oat", false);
  await expect(chat.input).toHaveValue("add buy oat");
  await expect(chat.userMessages).toHaveCount(0);

  // The final words are sent as one turn, exactly as typed text would be.
  await say(page, "add buy oat milk tomorrow", true);
  await expect(chat.userMessages).toHaveCount(1);
  await expect(chat.userMessages.last()).toContainText("add buy oat milk tomorrow");
  await chat.waitForIdle();
  await expect(chat.assistantMessages.last()).toContainText(/Added .*oat milk/i);
  await expect(chat.input).toHaveValue("");
  await expect(mic).toHaveAttribute("aria-pressed", "false");
  await expect(chat.panel.items.filter({ hasText: /oat milk/i })).toHaveCount(1);
  const tasks = ((await (await page.request.get("/api/tasks")).json()) as { tasks: { title: string }[] }).tasks;
  expect(tasks.filter((t) => /oat milk/i.test(t.title))).toHaveLength(1);

  // The keyboard shortcut starts listening from the box too; send while listening sends what the box shows.
  await chat.input.focus();
  await page.keyboard.press("Alt+KeyM");
  await expect(mic).toHaveAttribute("aria-pressed", "true");
  await say(page, "what is due today", false);
  await expect(chat.input).toHaveValue("what is due today");
  await chat.sendButton.click();
  await expect(chat.userMessages).toHaveCount(2);
  await expect(mic).toHaveAttribute("aria-pressed", "false");
  await chat.waitForIdle();
  expect(await page.evaluate(() => (window as unknown as { __recognitionStarts: number }).__recognitionStarts)).toBe(2);
});

test("the quick-add box fills from the microphone; the person adds", async ({ page }) => {
  await page.addInitScript(installSpeech, "speak" as SpeechMode);
  await signUpAndIn(page.request, "voiceadd");
  const chat = new ChatPage(page);
  await chat.goto();
  const panel = chat.panel;
  const mic = panel.root.getByTestId("quick-add-mic");
  await mic.click();
  await say(page, "call the dentist", false);
  await expect(panel.newTitle).toHaveValue("call the dentist");
  await say(page, "call the dentist friday", true);
  await expect(panel.newTitle).toHaveValue("call the dentist friday");
  await expect(mic).toHaveAttribute("aria-pressed", "false");
  // Nothing was added until the person says so.
  await expect(panel.items).toHaveCount(0);
  await panel.newTitle.press("Enter");
  await expect(panel.items.filter({ hasText: /dentist/i })).toHaveCount(1);
  await expect(chat.userMessages).toHaveCount(0);
});

test("a refused microphone says so", async ({ page }) => {
  await page.addInitScript(installSpeech, "not-allowed" as SpeechMode);
  await signUpAndIn(page.request, "voicedenied");
  const chat = new ChatPage(page);
  await chat.goto();
  const mic = page.getByTestId("chat-mic");
  await mic.click();
  await expect(mic).toHaveAttribute("data-state", "denied");
  await expect(mic).toHaveAttribute("aria-pressed", "false");
  const status = page.getByRole("form", { name: "Send a message" }).getByRole("status");
  await expect(status).toHaveText(/Microphone not allowed/);
  await expect(status).toBeVisible();
  await expect(chat.userMessages).toHaveCount(0);
});

test("no microphone button where the browser has no speech recognition", async ({ page }) => {
  await page.addInitScript(installSpeech, "missing" as SpeechMode);
  await signUpAndIn(page.request, "voicemissing");
  const chat = new ChatPage(page);
  await chat.goto();
  await expect(chat.sendButton).toBeVisible();
  await expect(page.getByTestId("chat-mic")).toHaveCount(0);
  await expect(chat.panel.root.getByTestId("quick-add-mic")).toHaveCount(0);
  await expect(chat.input).not.toHaveAttribute("aria-keyshortcuts", /.+/);
});
