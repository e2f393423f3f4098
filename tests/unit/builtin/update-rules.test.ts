/**
 * The edit rules of intents/update.ts, each on its own examples: every example is read by the
 * rule that declares it (no earlier rule takes it first) into an edit of one task.
 */
import { describe, it, expect } from "vitest";
import { readClock } from "@/lib/task-line/clock";
import { readUpdate, readUpdateRule, readValue, UPDATE_RULES } from "@/lib/agent/builtin/intents/update";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");

describe("update rules", () => {
  it("declare distinct names and examples", () => {
    expect(new Set(UPDATE_RULES.map((r) => r.name)).size).toBe(UPDATE_RULES.length);
    for (const rule of UPDATE_RULES) expect(rule.examples.length, rule.name).toBeGreaterThan(0);
  });

  for (const rule of UPDATE_RULES)
    for (const example of rule.examples)
      it(`${rule.name}: '${example}'`, () => {
        const read = readUpdateRule(example.toLowerCase(), clock);
        expect(read?.rule, `read by ${read?.rule ?? "no rule"}`).toBe(rule.name);
        expect(read?.intent.type).toBe(rule.remark ? "say" : "update");
      });
});

describe("what the rules read", () => {
  const changes = (text: string) => {
    const intent = readUpdate(text.toLowerCase(), text, clock);
    return intent?.type === "update" ? { ref: intent.ref, ...intent.changes } : intent;
  };
  const phrase = (text: string) => ({ kind: "phrase", text });

  it("reads the task and the change from their own words", () => {
    expect(changes("move the dentist to friday")).toEqual({ ref: phrase("dentist"), due: "2026-11-27" });
    expect(changes("push the report back three days")).toEqual({ ref: phrase("report"), shiftDays: 3 });
    expect(changes("bring the dentist forward by two days")).toEqual({ ref: phrase("dentist"), shiftDays: -2 });
    expect(changes("rename buy milk to Buy Oat Milk")).toEqual({ ref: phrase("buy milk"), title: "Buy Oat Milk" });
    expect(changes("rename 'buy milk' to 'buy oat milk'")).toEqual({ ref: phrase("buy milk"), title: "Buy oat milk" });
    expect(changes("add a note to the tax return: Bring receipts")).toEqual({ ref: phrase("tax return"), description: "Bring receipts" });
    expect(changes("set the report's priority to high")).toEqual({ ref: phrase("report"), priority: "high" });
    expect(changes("the essay's really important now")).toEqual({ ref: phrase("essay"), priority: "high" });
    expect(changes("make it urgent and due on monday")).toEqual({ ref: { kind: "pronoun" }, priority: "high", due: "2026-11-23" });
    expect(changes("the report doesn't need a due date anymore")).toEqual({ ref: phrase("report"), clearDue: true });
    expect(changes("remind me 30 minutes before the dentist")).toEqual({ ref: phrase("dentist"), remindBefore: 30 });
  });

  it("leaves alone what is not an edit of one task", () => {
    expect(changes("add book flights, it's important")).toBeNull();
    expect(changes("what is due today")).toBeNull();
    expect(changes("reduce the noise")).toBeNull();
    expect(changes("the glasses thing is happening: on saturday")).toBeNull();
    expect(changes("set: all the errands to low priority")).toBeNull();
  });

  it("reads a value only when all of its words are explained", () => {
    expect(readValue("high priority, due friday", clock)).toEqual({ priority: "high", due: "2026-11-27" });
    expect(readValue("make it friday", clock)).toEqual({ due: "2026-11-27" });
    expect(readValue("the 30th", clock)).toEqual({ due: "2026-11-30" });
    expect(readValue("friday with the kids", clock)).toBeNull();
  });
});
