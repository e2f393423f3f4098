/**
 * Rules of the w14 holdout63 probe (docs/agent.md "A why, a 'there', a deed sent, what a task is"):
 * things-series (intents/add.ts), "what's on at <list word>" (intents/list.ts) and a told deed inside
 * the words naming a task (grounding.ts `toldInside`), and "them all" after several adds (references.ts).
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { resolveRef } from "@/lib/agent/builtin/references";
import { clock, task } from "./plan-steps";

const titles = (text: string) => classify(text, clock).flatMap((i) => (i.type === "add" ? i.items.map((x) => x.title) : []));

describe("things-series: a comma series of three or more things is one task each", () => {
  it("splits short things", () => {
    expect(titles("add milk, bread and bin bags")).toEqual(["Milk", "Bread", "Bin bags"]);
  });
  it("keeps two things, a series with a date, and a chore's objects together", () => {
    expect(titles("add milk and bread")).toEqual(["Milk and bread"]);
    expect(titles("add fish, chips and peas for tea tomorrow")).toEqual(["Fish, chips and peas for tea"]);
    expect(titles("add call mum, dad and gran")).toEqual(["Call mum, dad and gran"]);
  });
});

describe("what's on at <list word>", () => {
  it("lists that list; a place that is no list word stays off-topic", () => {
    expect(classify("what's on at work", clock)).toMatchObject([{ type: "list", filter: { list: "work" } }]);
    expect(classify("what's on at the cinema", clock)[0]?.type).not.toBe("list");
  });
});

describe("a told deed inside the words naming a task", () => {
  it("is no part of the name, so its day is never the task's", () => {
    const tasks = [task("v", "Ring the vet about Bella's jabs"), task("b", "Book the boiler service")];
    expect(groundMessage("vet's booked bella in for thursday", tasks as never, clock)).toBeNull();
    expect(groundMessage("move the vet about bella to thursday", tasks as never, clock)).toMatchObject({ kind: "change" });
  });
});

describe("'them all' after a turn that added several tasks", () => {
  const ok = (id: string, name: string, value: Record<string, unknown>): ConversationEvent => ({
    kind: "result",
    id,
    name,
    input: {},
    outcome: { kind: "ok", value },
  });
  const added = (id: string, title: string) => ok(id, "add_task", { task: task(id, title) });

  it("is every task that turn added", () => {
    const events: ConversationEvent[] = [
      { kind: "user", text: "add bread, jam and butter" },
      added("a", "Bread"),
      added("b", "Jam"),
      added("c", "Butter"),
    ];
    expect(resolveRef({ kind: "listed" }, events)).toEqual({ ids: ["a", "b", "c"] });
  });
});
