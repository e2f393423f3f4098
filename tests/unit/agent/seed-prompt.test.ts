/**
 * The seed rows of the system prompt (seed 003's SystemPrompt): the role line, the user
 * isolation rules, the conciseness rule, the numbered list format (seeds 001, 002), and the
 * rule that questions, remarks, intentions and plans never change data.
 */
import { describe, expect, it } from "vitest";
import { buildSystemPrompt } from "@/lib/agent/system-prompt";

const prompt = buildSystemPrompt({ now: new Date("2026-11-22T14:05:00.000Z"), timeZone: "Pacific/Kiritimati" });
const lines = prompt.split("\n");

describe("the system prompt's seed rules", () => {
  it("opens with the seeds' role line", () => {
    expect(lines[0]).toMatch(/^You are a helpful Todo Assistant\b/);
  });

  it("has the user isolation rules: only the signed-in user's tasks, never anyone else's, no user ids", () => {
    const isolation = lines.find((l) => /act only for the signed-in user/i.test(l));
    expect(isolation).toBeDefined();
    expect(isolation).toMatch(/never claim access to anyone else's tasks/i);
    expect(isolation).toMatch(/never ask for, mention or pass a user id/i);
  });

  it("has the conciseness rule (under 200 words, as seed 003 sets it)", () => {
    expect(lines.find((l) => /concise/i.test(l))).toMatch(/under 200 words/);
  });

  it("asks for tasks as a numbered list with ☐/✓, one per line", () => {
    const format = lines.find((l) => /numbered list/i.test(l));
    expect(format).toBeDefined();
    expect(format).toContain("'1. ☐ Title'");
    expect(format).toContain("✓ Title");
  });

  it("says questions, remarks, intentions and plans never change data, and what needs_confirmation means", () => {
    expect(prompt).toMatch(/Questions, remarks, intentions and plans never change data: answer them, ask, or offer/);
    expect(prompt).toMatch(/When unsure what the user wants, ask/);
    expect(prompt).toMatch(/needs_confirmation, nothing was changed/);
  });
});
