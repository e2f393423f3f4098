/**
 * A value corrected inside one message (lib/agent/builtin/corrections.ts): the later value of the
 * same kind takes the earlier one's place and the marker goes; anything else stays as typed.
 */
import { describe, expect, it } from "vitest";
import { keepCorrection, sameDayAs } from "@/lib/agent/builtin/corrections";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";

describe("keepCorrection", () => {
  it.each([
    ["make the passport one low priority... actually no, medium", "make the passport one medium priority"],
    ["move the haircut to friday, sorry i mean saturday", "move the haircut to saturday"],
    ["change the vet to 10am... no wait 11am", "change the vet to 11am"],
    ["move haircut to tuesday. no sorry wednesday", "move haircut to wednesday"],
    ["make it high... actually no, low.", "make it low."],
    ["move it to 3pm no wait 4", "move it to 4pm"],
    ["push the gym to tomorrow, i mean friday", "push the gym to friday"],
    ["change pay rent to high priority... actually low", "change pay rent to low priority"],
  ])("%s → %s", (typed, kept) => expect(keepCorrection(typed)).toBe(kept));

  it.each([
    "i mean the dentist is on friday",
    "buy milk, actually no bread",
    "buy 2 loaves, no wait 3",
    "no wait",
    "actually no, leave it",
    "sorry i mean it",
    "the dentist is actually friday",
  ])("%s stays as typed", (typed) => expect(keepCorrection(typed)).toBe(typed));

  it("reads a pumped message quickly", () => {
    const pumped = `${"friday no wait ".repeat(60)}saturday`;
    const t0 = performance.now();
    keepCorrection(pumped);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe("sameDayAs", () => {
  const moved: ConversationEvent[] = [
    { kind: "user", text: "move the dentist to wed" },
    { kind: "call", id: "1", name: "update_task", input: { task: "dentist", due: "2026-12-02" } },
    { kind: "result", id: "1", name: "update_task", input: { task: "dentist", due: "2026-12-02" }, outcome: { kind: "ok", value: {} } },
    { kind: "assistant", text: "'Ring the dentist' is now due Wednesday." },
  ];

  it("reads 'the same day' as the day the last turn set", () => {
    expect(sameDayAs("and the tv licence to the same day", moved)).toBe("and the tv licence to 2026-12-02");
    expect(sameDayAs("same for the gym, the same day please.", moved)).toBe("same for the gym, 2026-12-02 please.");
  });

  it("leaves the words when no one day was set, or they are a title's", () => {
    expect(sameDayAs("and the tv licence to the same day", [])).toBe("and the tv licence to the same day");
    expect(sameDayAs("order same day delivery flowers", moved)).toBe("order same day delivery flowers");
    const failed = moved.map((e) => (e.kind === "result" ? { ...e, outcome: { kind: "denied" as const } } : e));
    expect(sameDayAs("and the gym the same day", failed)).toBe("and the gym the same day");
  });
});
