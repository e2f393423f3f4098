/**
 * Rules of the w15 holdout64 probe (docs/agent.md "Pointers, names shown, and whom a deed was for"):
 * POINTER-VALUE and the lookups SHOW-NAMED / MENTIONS-ASK (intents/index.ts, intents/list.ts), the
 * deed carried by a past-tense completion (intents/change.ts), "got back to someone" (grounding.ts,
 * mood.ts), a reason with its own verb after a change (WHY-NOT-NOTE), and the matcher's "to whom"
 * (lib/tasks/match.ts `someoneElse`).
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { moodOf } from "@/lib/agent/builtin/intents/mood";
import { resolveReference } from "@/lib/tasks/match";
import { clock, task } from "./plan-steps";

describe("POINTER-VALUE: a word that points at tasks, then one value", () => {
  it("is that change to the tasks pointed at, never a task named after the pointer", () => {
    expect(classify("both high priority", clock)).toEqual([
      { type: "update", ref: { kind: "listed", count: 2 }, changes: { priority: "high" } },
    ]);
    expect(classify("the first one friday", clock)).toMatchObject([
      { type: "update", ref: { kind: "ordinal", n: 1 }, changes: { due: expect.any(String) } },
    ]);
    expect(classify("it high", clock)).toMatchObject([{ type: "update", ref: { kind: "pronoun" }, changes: { priority: "high" } }]);
    expect(classify("both of them can be low priority", clock)).toMatchObject([{ type: "update", changes: { priority: "low" } }]);
  });
  it("leaves a question and a pointer alone", () => {
    expect(classify("both high priority?", clock).some((i) => i.type === "update" || i.type === "add")).toBe(false);
    expect(classify("both", clock)[0]?.type).toBe("select");
  });
});

describe("SHOW-NAMED and MENTIONS-ASK: lookups of things named", () => {
  it("looks up each thing named after a word that asks to see", () => {
    expect(classify("show me the passport", clock)).toEqual([{ type: "list", filter: { list: "passport", orTopic: true } }]);
    expect(classify("what about the nappies and the plants", clock)).toEqual([
      { type: "list", filter: { query: "nappies" } },
      { type: "list", filter: { query: "plants" } },
    ]);
  });
  it("keeps the readers that know the words (filters, everything, goodbyes, how-to)", () => {
    expect(classify("show me stuff with no date", clock)).toMatchObject([{ type: "list", filter: { noDue: true } }]);
    expect(classify("show me evrything", clock)).toMatchObject([{ type: "list" }]);
    expect(classify("show me evrything", clock)[0]).not.toMatchObject({ filter: { query: expect.anything() } });
    expect(classify("see ya", clock)).toEqual([{ type: "say", kind: "bye" }]);
    expect(classify("show me how to cook rice", clock)[0]?.type).not.toBe("list");
    // Chores whose verb also asks to see: still adds.
    expect(classify("see the dentist", clock)).toMatchObject([{ type: "add", items: [{ title: "See the dentist" }] }]);
  });
  it("reads the tasks that mention a thing", () => {
    for (const said of [
      "anything with book in it",
      "which ones mention book",
      "stuff with 'book' in the name",
      "anything to do with the book",
    ])
      expect(classify(said, clock), said).toEqual([{ type: "list", filter: { query: "book", status: "all" } }]);
  });
});

describe("a done deed must fit the task it names", () => {
  const tasks = [task("m", "Send invoice to Marlow Bakery"), task("c", "Reply to the Chen family about their shoot")];
  it("a past tense carries its deed, so a lookup checks it (rule done-verb-fits)", () => {
    expect(classify("paid marlow bakery", clock)).toEqual([
      { type: "complete", refs: [{ kind: "phrase", text: "pay marlow bakery" }], deeds: ["pay"] },
    ]);
    expect(classify("got back to tom", clock)).toMatchObject([{ type: "complete", deeds: ["reply"] }]);
  });
  it("the matcher never takes one person's task for another's ('reply to tom' is not the Chens')", () => {
    expect(resolveReference("reply to tom", tasks as never).kind).toBe("none");
    expect(resolveReference("send invoice to tom", tasks as never).kind).toBe("none");
    expect(resolveReference("send the invoice to marlow", tasks as never)).toMatchObject({ kind: "one", task: { id: "m" } });
    expect(resolveReference("reply to the chens", tasks as never)).toMatchObject({ kind: "one", task: { id: "c" } });
  });
  it("'got back to' someone is a reply; 'got back to work' is where the user is", () => {
    expect(moodOf("got back to the chens")).toBe("request");
    expect(moodOf("just got back to work")).toBe("remark");
    expect(groundMessage("got back to the chen family", tasks as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "c" }, changes: { status: "completed" } },
    });
  });
  it("a participle of a trade verb ('edited') finishes the task it names", () => {
    const photos = [task("h", "Edit the Hughes wedding photos"), task("b", "Book the MOT")];
    expect(groundMessage("hughes photos all edited!!", photos as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "h" }, changes: { status: "completed" } },
    });
  });
});

describe("WHY-NOT-NOTE: a reason with a verb of its own after a change", () => {
  it("explains the reason and never writes it as a note", () => {
    const tasks = [task("m", "Book the MOT"), task("v", "File the VAT return")];
    for (const said of ["mot is urgent, car fails without it", "the mot is urgent, the van won't start"]) {
      const g = groundMessage(said, tasks as never, clock);
      expect(g, said).toMatchObject({ kind: "change", change: { task: { id: "m" }, changes: { priority: "high" } } });
      expect(g?.kind === "change" ? g.change.changes.description : "none", said).toBeUndefined();
    }
  });
});
