/**
 * Rule thing-wanted (intents/add.ts, docs/agent.md "Things wanted, steps and needs no more"): a
 * message of nothing but short noun phrases is things to get; talk is never a thing.
 */
import { describe, expect, it } from "vitest";
import { thingsWanted } from "@/lib/agent/builtin/intents/add";
import { readClock } from "@/lib/task-line/clock";

const clock = readClock("Current time: 2026-11-22T14:05:00.000Z (user's time zone: UTC; local date 2026-11-22, Sunday, 14:05)");
const titles = (text: string, asked = false) => thingsWanted(text, clock, asked)?.map((i) => i.title) ?? null;

describe("thingsWanted", () => {
  it.each([
    ["cat litter!!", ["Cat litter"]],
    ["new hoover bags", ["New hoover bags"]],
    ["washing up liquid + sponges", ["Washing up liquid", "Sponges"]],
    ["garlic bread and wine", ["Garlic bread and wine"]],
    ["eggs, flour and butter", ["Eggs", "Flour", "Butter"]],
    ["lightbulbs for the landing", ["Lightbulbs for the landing"]],
    ["stuff for the picnic: crisps, squash, paper plates", ["Crisps", "Squash", "Paper plates"]],
  ])("%s → %j", (text, want) => expect(titles(text)).toEqual(want));

  it("takes one word alone only when asked nicely", () => {
    expect(titles("shampoo")).toBeNull();
    expect(titles("shampoo", true)).toEqual(["Shampoo"]);
  });

  it.each([
    "nice one",
    "fair enough",
    "busy day",
    "the optician",
    "my passport",
    "all done",
    "time for bed",
    "buy milk",
    "good for you",
    "meeting: what a day",
  ])("never reads %s as a thing", (text) => expect(titles(text, true)).toBeNull());
});
