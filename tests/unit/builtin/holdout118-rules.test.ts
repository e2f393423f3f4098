/**
 * Rules of the w22 probes holdout118–125 and of three w21 known failures mended in session 21
 * (docs/agent.md "Lookups said with when, things sent out (issue 24, w22)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { saysAside } from "@/lib/agent/builtin/intents/aside";
import { clock, task } from "./plan-steps";

const tasks = [
  task("fixtures", "Send out the December fixtures"),
  task("newsletter", "Post the parish newsletter"),
  task("subs", "Collect subs from the parents"),
  task("kit", "Wash the match kit"),
  task("vet", "Take Biscuit to the vet for his jabs"),
  task("mmr", "Book Alfie's MMR jab"),
  task("callsheet", "Email the weekly call sheet to the cast"),
  task("backups", "Check the nightly backup logs"),
  task("patch", "Patch the file server"),
  task("fire", "Book the fire safety check with the venue"),
  task("toner", "Replace the toner in the office printer"),
  task("hampers", "Pack the Christmas hampers"),
  task("rent", "Pay Donna the chair rent"),
  task("consent", "Chase parents for camp consent forms"),
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

describe("someone has had what the task takes them for", () => {
  it.each([
    ["biscuit's had his jabs", "vet"],
    ["biscuit's had his jabs, he was v brave 🐶", "vet"],
    ["alfie's had his jab", "mmr"],
  ])("'%s' completes %s and writes no note", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" } });
  });
});

describe("a remark after the request (rule TRAILING-REMARK, w22)", () => {
  it.each([
    ["call sheet needs to go out every day now we're in show week", "callsheet", { recurrence: "FREQ=DAILY" }],
    ["checking the backup logs should be weekly not daily, daily is overkill", "backups", { recurrence: "FREQ=WEEKLY" }],
  ])("'%s' changes %s alone", (text, id, changes) => {
    expect(changeOf(text)).toMatchObject({ id, changes });
  });
  it.each([
    ["oh the toner's done btw, did it earlier", "toner"],
    ["all the hampers are packed!! 64 of them, my back is killing me", "all the hampers"],
  ])("'%s' ticks off '%s' alone", (text, ref) => {
    const read = classify(text, clock);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ type: "complete", refs: [{ kind: "phrase", text: ref }] });
  });
  it("reads 'file server patching got pushed to thursday, change freeze till then' as the move alone", () => {
    const g = changeOf("file server patching got pushed to thursday, change freeze till then");
    expect(g).toMatchObject({ id: "patch" });
    expect(Object.keys((g as { changes: object }).changes)).toEqual(["due"]);
  });
  it.each(["ouch", "phew", "14 plus a player of the season one", "daily is overkill", "did it earlier", "change freeze till then"])(
    "'%s' only tells",
    (tail) => expect(saysAside(tail, clock)).toBe(true),
  );
  it.each(["daily please", "make it weekly", "not done", "till friday", "my back one is urgent"])("'%s' is no remark", (tail) =>
    expect(saysAside(tail, clock)).toBe(false),
  );
});

describe("someone's word about when (rule REPORTED-DAY)", () => {
  it("moves the task to the day they said", () => {
    expect(changeOf("venue says the fire safety check has to be booked by march 14th")).toMatchObject({
      id: "fire",
      changes: { due: "2027-03-14" },
    });
  });
  it("takes no tick from someone's word", () => {
    expect(changeOf("the venue says the file server is patched")).toBeNull();
  });
});

describe("when a task has to happen, asked", () => {
  it("'when does the programme have to go to the printers?' looks the programme up", () => {
    expect(lookupOf("when does the programme have to go to the printers?")).toMatchObject({ query: "programme" });
  });
});

describe("harms found by the unseen probes holdout124-125", () => {
  it.each([
    "the brewery order needs to go in today actually, they've changed their cut off",
    "garden gate needs fixing by friday, we've got people coming over",
    "missing the kids loads this week",
  ])("'%s' adds nothing", (text) => {
    expect(classify(text, clock).some((i) => i.type === "add" || i.type === "offer")).toBe(false);
  });
  it("'the party needs balloons, cake and a playlist' still adds its steps", () => {
    expect(classify("the party needs balloons, cake and a playlist", clock)).toEqual([
      { type: "add", items: ["Balloons", "Cake", "A playlist"].map((title) => ({ title, parent: "party" })) },
    ]);
  });
});

describe("wrong writes found by the unseen probes holdout120-121", () => {
  it("'donna's put the chair rent up AGAIN, daylight robbery' writes no note", () => {
    expect(changeOf("donna's put the chair rent up AGAIN, daylight robbery")).toBeNull();
  });
  it("'put on the chair rent: cash only' still writes its note", () => {
    expect(changeOf("put on the chair rent: cash only")).toEqual({ id: "rent", changes: { description: "cash only" } });
  });
  it("'remind me about chasing the consent forms tomorrow at 7pm when parents are at drop off' sets a reminder on the task", () => {
    expect(changeOf("remind me about chasing the consent forms tomorrow at 7pm when parents are at drop off")).toMatchObject({
      id: "consent",
      changes: { remindAt: expect.stringMatching(/T19:00/) },
    });
  });
});
