/** Rule add-to-named-list (lib/agent/builtin/add-to-named-list.ts): "add bin bags to cafe" with a Cafe list. */
import { describe, expect, it } from "vitest";
import { listTailOf, placedInNamedList } from "@/lib/agent/builtin/add-to-named-list";
import { planStep } from "@/lib/agent/builtin/planner";
import type { ConversationEvent } from "@/lib/agent/builtin/prompt-reader";
import { clock } from "./plan-steps";

describe("the list an add's title may end with", () => {
  it.each([
    ["Bin bags to cafe", "Bin bags", "cafe"],
    ["Napkins on the cafe list", "Napkins", "cafe"],
    ["Put napkins in cafe", "napkins", "cafe"],
  ])("%s", (title, head, name) => {
    expect(listTailOf(title)).toEqual({ head, name });
  });
  it.each(["Talk to mum", "Drive to work", "Cafe", "Bin bags"])("%s names no list", (title) => {
    expect(listTailOf(title)).toBeNull();
  });
  it("places the task only in a list the user has", () => {
    expect(placedInNamedList({ title: "Bin bags to cafe" }, ["Cafe", "Work"])).toEqual({ title: "Bin bags", list: "Cafe" });
    expect(placedInNamedList({ title: "Bin bags to caff" }, ["Cafe", "Work"])).toEqual({ title: "Bin bags to caff" });
  });
});

describe("the planner looks the lists up before such an add", () => {
  const tools = new Set(["list_lists", "add_task", "list_tasks", "update_task"]);
  const step = (events: ConversationEvent[]) => planStep({ system: "", events }, clock, tools);
  const user: ConversationEvent = { kind: "user", text: "add bin bags to cafe" };
  const looked = (names: string[]): ConversationEvent[] => [
    user,
    { kind: "call", id: "l1", name: "list_lists", input: {} },
    { kind: "result", id: "l1", name: "list_lists", input: {}, outcome: { kind: "ok", value: { lists: names.map((name) => ({ name })) } } },
  ];

  it("asks for the lists first, then adds into the one named", () => {
    expect(step([user]).calls).toEqual([{ toolName: "list_lists", input: {} }]);
    expect(step(looked(["Cafe"])).calls).toEqual([{ toolName: "add_task", input: { title: "Bin bags", list: "Cafe" } }]);
  });
  it("keeps the words in the title when no such list exists", () => {
    expect(step(looked(["Work"])).calls).toEqual([{ toolName: "add_task", input: { title: "Bin bags to cafe" } }]);
  });
});
