/**
 * Messy everyday texting aimed at tasks the user has (issue 24, w12): rule ASIDE-ABOUT-IT
 * (intents/index.ts) and the spellings and corrections read before any reader (planner.ts).
 */
import { describe, expect, it } from "vitest";
import { classify } from "@/lib/agent/builtin/intents";
import { clock } from "./plan-steps";

const read = (text: string) => classify(text, clock);

describe("ASIDE-ABOUT-IT", () => {
  it("reads the request before a remark about it", () => {
    expect(read("shift the essay to tomorrow, i'll crack on with it then")).toEqual([
      expect.objectContaining({ type: "update", ref: { kind: "phrase", text: "essay" } }),
    ]);
  });

  it("keeps a remark alone, and a request with a request after it, as before", () => {
    expect(read("i'll crack on with it then")).toEqual([{ type: "say", kind: "remark" }]);
    expect(read("sacked off the gym, felt bad about it").every((i) => i.type !== "update" && i.type !== "delete")).toBe(true);
  });
});
