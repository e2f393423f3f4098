/**
 * Rules of the w22 probes holdout118–125 and of three w21 known failures mended in session 21
 * (docs/agent.md "Lookups said with when, things sent out (issue 24, w22)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { clock, task } from "./plan-steps";

const tasks = [
  task("fixtures", "Send out the December fixtures"),
  task("newsletter", "Post the parish newsletter"),
  task("subs", "Collect subs from the parents"),
  task("kit", "Wash the match kit"),
];
const changeOf = (text: string) => {
  const g = groundMessage(text, tasks as never, clock, []);
  return g?.kind === "change" ? { id: g.change.task.id, changes: g.change.changes } : g;
};
const lookupOf = (text: string) => {
  const read = classify(text, clock);
  return read.length === 1 && read[0]?.type === "list" ? read[0].filter : read;
};

describe("a lookup said with when it was done", () => {
  it.each([
    ["have i paid jenny this week?", "jenny"],
    ["have i walked the dog today", "dog"],
    ["did i sort a ref for sunday?", "ref sunday"],
  ])("'%s' looks up '%s'", (text, query) => {
    expect(lookupOf(text)).toMatchObject({ status: "all", query, ask: "done" });
  });
  it.each(["did i have a good day", "did i make a mistake"])("'%s' looks nothing up", (text) => {
    expect(JSON.stringify(classify(text, clock))).not.toContain('"query"');
  });
});

describe("a thing sent out, and how it went", () => {
  it.each([
    ["fixtures went out on the whatsapp group earlier", "fixtures"],
    ["the fixtures went out by email", "fixtures"],
    ["posted the newsletter on the website today", "newsletter"],
  ])("'%s' completes %s", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" } });
  });
  it.each(["the fixtures went out of the window", "the kit went out by email"])("'%s' completes nothing", (text) => {
    expect(changeOf(text)).toBeNull();
  });
});
