/**
 * Rules of the w16 holdout70 probe (a web developer's lists; docs/agent.md "A thing's state, a day
 * that changed, two days, and who by trade"): initials for title words ("PR"), a site that is live,
 * "approved" for a review, and the list named after a quoted title.
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { resolveReference } from "@/lib/tasks/match";
import { deedFitsTask } from "@/lib/agent/builtin/verbs";
import { clock, task } from "./plan-steps";

const tasks = [
  task("pr", "Review Tom's pull request"),
  task("d", "Deploy the new site for Marsh & Co"),
  task("w", "Water the plants"),
  task("t", "Do my tax return"),
];
const ground = (text: string) => groundMessage(text, tasks as never, clock);

describe("initials for title words", () => {
  it("'PR' names the pull request, in the chat and in the matcher", () => {
    expect(ground("the PR one's done")).toMatchObject({ kind: "change", change: { task: { id: "pr" }, changes: { status: "completed" } } });
    expect(ground("bump the PR review up to high")).toMatchObject({ change: { task: { id: "pr" }, changes: { priority: "high" } } });
    expect(resolveReference("toms pr", tasks as never)).toMatchObject({ kind: "one", task: { id: "pr" } });
  });
  it("initials never stand for words that are not next to each other", () => {
    expect(resolveReference("the rp", tasks as never).kind).toBe("none");
    expect(resolveReference("the tr", tasks as never)).toMatchObject({ kind: "one", task: { id: "t" } });
  });
});

describe("deeds of software jobs", () => {
  it("'marsh site is live' finishes the deploy; 'approved' fits a review", () => {
    expect(ground("marsh site is live")).toMatchObject({ change: { task: { id: "d" }, changes: { status: "completed" } } });
    expect(deedFitsTask("approve", "Review Tom's pull request")).toBe(true);
    expect(deedFitsTask("approve", "Deploy the new site")).toBe(false);
  });
});

describe("a list named after a quoted title", () => {
  it("'add 'X' to clients for next week' keeps the list, with the title as typed", () => {
    expect(classify("add 'chase brightside for payment' to clients for next week", clock)).toEqual([
      { type: "add", items: [{ title: "Chase brightside for payment", due: "2026-12-03", list: "clients" }] },
    ]);
  });
  it("a day, a pronoun or 'my todo list' after the quote is no list", () => {
    expect(classify('add "call mum" to tomorrow', clock)).toEqual([{ type: "add", items: [{ title: "Call mum", due: "2026-11-27" }] }]);
    expect(classify("add 'ring bob' to my todo list", clock)).toEqual([{ type: "add", items: [{ title: "Ring bob" }] }]);
  });
});
