/** The add_task backstop: a title must share a content word with what the user said this turn. */
import { describe, expect, it } from "vitest";
import { contentWords, intentGate, saidInTurn, sharesContentWord } from "@/lib/agent/intent-gate";

describe("content words", () => {
  it("drops articles, pronouns and the words of asking for a task", () => {
    expect(contentWords("Please add a task to buy milk for me")).toEqual(["buy", "milk"]);
    expect(contentWords("I should call Mom's doctor")).toEqual(["call", "mom's", "doctor"]);
  });
});

describe("sharesContentWord", () => {
  it("matches the user's words, plurals and -ing forms", () => {
    expect(sharesContentWord("Buy milk", "add buy milk tomorrow")).toBe(true);
    expect(sharesContentWord("Call the plumber", "remind me about calls to plumbers")).toBe(true);
    expect(sharesContentWord("Team meeting", "I have meetings all day")).toBe(true);
    expect(sharesContentWord("Buy groceries", "grocery run on saturday")).toBe(true);
  });

  it("a title the user never mentioned does not match", () => {
    expect(sharesContentWord("Paint the fence", "hi, how are you?")).toBe(false);
    expect(sharesContentWord("Buy milk", "what can you do")).toBe(false);
    expect(sharesContentWord("To do", "add a task")).toBe(false);
  });

  it("scripts without spaces: a title found inside the message counts", () => {
    expect(sharesContentWord("买牛奶", "帮我添加任务买牛奶")).toBe(true);
    expect(sharesContentWord("买牛奶", "你好")).toBe(false);
  });
});

describe("intentGate", () => {
  it("refuses an unbacked add_task with needs_confirmation; other tools and backed titles pass", () => {
    const gate = intentGate(saidInTurn("I'm so tired today", null));
    expect(gate("add_task", { title: "Sleep early" })).toMatchObject({ ok: false, code: "needs_confirmation" });
    expect(gate("add_task", { title: "Sleep early" })!.message).toContain("'Sleep early'");
    expect(gate("list_tasks", {})).toBeNull();
    expect(intentGate("add sleep early")("add_task", { title: "Sleep early" })).toBeNull();
  });

  it("an answer to the assistant's question carries the question's words; a statement does not", () => {
    expect(intentGate(saidInTurn("yes", "Should I add 'Buy milk' to your list?"))("add_task", { title: "Buy milk" })).toBeNull();
    expect(intentGate(saidInTurn("tomorrow", "When is 'Buy milk' due?"))("add_task", { title: "Buy milk" })).toBeNull();
    expect(intentGate(saidInTurn("thanks", "Added 'Buy milk'."))("add_task", { title: "Buy milk" })).not.toBeNull();
  });

  it("no words (an approval by button) → no check", () => {
    expect(intentGate(saidInTurn(null, "Delete it?"))("add_task", { title: "Anything" })).toBeNull();
  });
});
