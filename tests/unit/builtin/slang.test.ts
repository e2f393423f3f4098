/** Slang drop verbs (lib/agent/builtin/slang.ts): "sack off" is "ditch", a drop verb with "till" puts off. */
import { describe, expect, it } from "vitest";
import { plainDropVerbs } from "@/lib/agent/builtin/slang";

describe("plainDropVerbs", () => {
  it.each([
    ["sack off the gym", "ditch the gym"],
    ["erm sack the gym off tbh", "erm ditch the gym tbh"],
    ["sack off the garage till the new year", "put off the garage till the new year"],
    ["scrap the gym until january", "put off the gym until january"],
    ["right so ditch yoga til march", "right so put off yoga til march"],
  ])("%s → %s", (typed, plain) => expect(plainDropVerbs(typed)).toBe(plain));

  it.each([
    "drop the kids off until 3",
    "bin day until christmas",
    "my sister sacked off her gym",
    "scrap the gym",
    "the boss got sacked",
    "sack off the gym one, move it to sat",
  ])("%s stays as typed", (typed) => expect(plainDropVerbs(typed)).toBe(typed));
});
