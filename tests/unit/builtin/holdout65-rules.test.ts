/**
 * Rules of the w15 holdout65 probe (docs/agent.md "Pointers, names shown, and whom a deed was for"): things
 * for a list, where-not-for, "when did i say X was", "the health list", states of a thing planted or got,
 * and a word that only says which one of a noun ("repeat prescription") is no owner.
 */
import { describe, expect, it } from "vitest";
import { groundMessage, mightNameTask } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { resolveReference } from "@/lib/tasks/match";
import { clock, task } from "./plan-steps";

describe("things-for-list and where-not-for", () => {
  it("offers things said for a list, to be put in the user's list of that name", () => {
    expect(classify("onion sets and compost for the allotment", clock)).toEqual([
      { type: "offer", item: { title: "Onion sets and compost for the allotment" }, toList: true },
    ]);
  });
  it("never adds things said to be on or in a place", () => {
    const read = classify("weeds everywhere on the allotment", clock);
    expect(read.some((i) => i.type === "add")).toBe(false);
    expect(classify("oat milk on the family list", clock)).toMatchObject([{ type: "add", items: [{ title: "Oat milk", list: "family" }] }]);
  });
  it("leaves questions and sentences alone", () => {
    expect(classify("what's for the allotment?", clock)[0]).not.toMatchObject({ type: "offer" });
    expect(classify("i went for the allotment", clock)[0]).not.toMatchObject({ toList: true });
  });
});

describe("questions that name a task or a list", () => {
  it("'when did i say X was' looks X up", () => {
    expect(classify("when did i say the garlic was", clock)).toEqual([{ type: "list", filter: { query: "garlic" } }]);
    expect(classify("when did i put the garlic down for", clock)).toEqual([{ type: "list", filter: { query: "garlic" } }]);
    expect(classify("when did i say i'd do it", clock)[0]).not.toMatchObject({ type: "list" });
  });
  it("'the X list' in a question is that list, whatever its name", () => {
    expect(classify("hows the health list looking", clock)).toMatchObject([{ type: "list", filter: { list: "health" } }]);
  });
});

describe("states of a thing planted or got", () => {
  const tasks = [task("g", "Plant the garlic"), task("p", "Order seed potatoes"), task("s", "Fix the shed door")];
  it("'garlic's in the ground' finishes the planting, and is worth a lookup", () => {
    expect(mightNameTask("garlic's in the ground")).toBe(true);
    expect(groundMessage("garlic's in the ground", tasks as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "g" }, changes: { status: "completed" } },
    });
    expect(groundMessage("the shed door is in a state", tasks as never, clock)).toBeNull();
  });
  it("where a thing was got is explained", () => {
    expect(groundMessage("seed potatoes ordered from the catalogue", tasks as never, clock)).toMatchObject({
      kind: "change",
      change: { task: { id: "p" }, changes: { status: "completed" } },
    });
  });
});

describe("a word that says which one is no owner", () => {
  it("'my prescription' is 'Collect repeat prescription'; 'my kitchen' is still not 'the office kitchen'", () => {
    const tasks = [task("r", "Collect repeat prescription"), task("k", "Clean the office kitchen")];
    expect(resolveReference("pick up my prescription", tasks as never)).toMatchObject({ kind: "one", task: { id: "r" } });
    expect(resolveReference("clean my kitchen", tasks as never).kind).toBe("none");
  });
});

describe("an event for a reminder, and 'the X one' asked about", () => {
  it("'remind me when i get paid to pay the vet' offers the chore, never a task named after the event", () => {
    expect(classify("remind me when i get paid to pay the vet", clock)).toEqual([{ type: "offer", item: { title: "Pay the vet" } }]);
    expect(classify("remind me when i get home", clock).some((i) => i.type === "add")).toBe(false);
  });
  it("'whats the garlic one' shows that task", () => {
    expect(classify("whats the garlic one", clock)).toEqual([{ type: "list", filter: { list: "garlic", orTopic: true } }]);
  });
});

describe("a placing verb with 'on' a list the user has", () => {
  it("'stick the gym one on home' moves it; 'put the car on ebay' names no list", () => {
    const tasks = [task("g", "Renew gym membership"), task("d", "Pick up dry cleaning", { list: "Home" }), task("c", "Sell the car")];
    expect(groundMessage("stick the gym one on home", tasks as never, clock, ["Home"])).toMatchObject({
      kind: "change",
      change: { task: { id: "g" }, changes: { list: "home" } },
    });
    const ebay = groundMessage("put the car on ebay", tasks as never, clock, ["Home"]);
    expect(ebay?.kind === "change" ? ebay.change.changes.list : undefined).toBeUndefined();
  });
});
