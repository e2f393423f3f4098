/**
 * The task store's reducer (components/tasks/task-state.ts) on its own: what the panel shows after
 * each thing that can happen — a refetch, an optimistic change, a rollback, an offline add settling.
 */
import { describe, expect, it } from "vitest";
import { initialTaskState, PAGE, reducer, type TaskAction, type TaskState } from "@/components/tasks/task-state";
import { DEFAULT_FILTERS, type Task } from "@/lib/ui/types";
import { taskView } from "@/tests/support/task-view.mjs";

const task = (id: string, title = id, extra: Partial<Task> = {}): Task => taskView(id, { title, ...extra });

const run = (actions: TaskAction[], from: TaskState = initialTaskState) => actions.reduce(reducer, from);
const none: ReadonlySet<string> = new Set();

describe("task store reducer", () => {
  it("lists the fetched tasks in the server's order and is ready", () => {
    const s = run([{ type: "loading" }, { type: "loaded", tasks: [task("b"), task("a")], hasMore: true, keep: none }]);
    expect(s.listIds).toEqual(["b", "a"]);
    expect(s.byId.a?.title).toBe("a");
    expect(s).toMatchObject({ status: "ready", error: null, hasMore: true });
  });

  it("a refetch leaves a task with a change in flight as the person made it", () => {
    const edited = task("a", "renamed");
    const s = run([
      { type: "loaded", tasks: [task("a", "old")], hasMore: false, keep: none },
      { type: "upsert", tasks: [edited] },
      { type: "loaded", tasks: [task("a", "old")], hasMore: false, keep: new Set(["a"]) },
    ]);
    expect(s.byId.a?.title).toBe("renamed");
    expect(s.listIds).toEqual(["a"]);
  });

  it("a task being added (temp-…) stays at the top through a refetch, then takes the server's id in place", () => {
    let s = run([
      { type: "loaded", tasks: [task("a")], hasMore: false, keep: none },
      { type: "upsert", tasks: [task("temp-1", "new")], prependToList: true },
      { type: "loaded", tasks: [task("a")], hasMore: false, keep: none },
    ]);
    expect(s.listIds).toEqual(["temp-1", "a"]);
    s = reducer(s, { type: "replace-id", from: "temp-1", task: task("real-1", "new") });
    expect(s.listIds).toEqual(["real-1", "a"]);
    expect(s.byId["temp-1"]).toBeUndefined();
    expect(s.byId["real-1"]?.title).toBe("new");
  });

  it("an upsert changes known tasks in place and prepends only tasks the list does not have", () => {
    const s = run([
      { type: "loaded", tasks: [task("a"), task("b")], hasMore: false, keep: none },
      { type: "upsert", tasks: [task("b", "b2"), task("c")], prependToList: true },
    ]);
    expect(s.listIds).toEqual(["c", "a", "b"]);
    expect(s.byId.b?.title).toBe("b2");
    const quiet = reducer(s, { type: "upsert", tasks: [task("d")] });
    expect(quiet.listIds).toEqual(["c", "a", "b"]);
    expect(quiet.byId.d).toBeDefined();
  });

  it("a removed task leaves the list and is marked deleted; an upsert brings it back", () => {
    let s = run([
      { type: "loaded", tasks: [task("a"), task("b")], hasMore: false, keep: none },
      { type: "remove", ids: ["a"] },
    ]);
    expect(s.listIds).toEqual(["b"]);
    expect(s.deleted.a).toBe(true);
    s = reducer(s, { type: "upsert", tasks: [task("a")] });
    expect(s.deleted.a).toBeUndefined();
  });

  it("a delete that failed puts the task back where it was", () => {
    const s = run([
      { type: "loaded", tasks: [task("a"), task("b"), task("c")], hasMore: false, keep: none },
      { type: "remove", ids: ["b"] },
      { type: "restore", task: task("b"), index: 1 },
    ]);
    expect(s.listIds).toEqual(["a", "b", "c"]);
    expect(s.deleted.b).toBeUndefined();
    // an index past the end puts it last; a task already listed is not listed twice
    expect(reducer(s, { type: "restore", task: task("b"), index: 9 }).listIds).toEqual(["a", "b", "c"]);
    expect(
      run(
        [
          { type: "remove", ids: ["a"] },
          { type: "restore", task: task("a"), index: 9 },
        ],
        s,
      ).listIds,
    ).toEqual(["b", "c", "a"]);
  });

  it("a failed fetch shows its error only while nothing was listed yet", () => {
    expect(run([{ type: "loading" }, { type: "failed", message: "offline" }])).toMatchObject({ status: "error", error: "offline" });
    const listed = run([
      { type: "loaded", tasks: [task("a")], hasMore: false, keep: none },
      { type: "loading" },
      { type: "failed", message: "offline" },
    ]);
    expect(listed).toMatchObject({ status: "ready", error: "offline", listIds: ["a"] });
  });

  it("'Show more' adds a page only when the server has more; new filters start from one page", () => {
    const more = run([{ type: "loaded", tasks: [task("a")], hasMore: true, keep: none }, { type: "more" }, { type: "more" }]);
    expect(more.shown).toBe(3 * PAGE);
    const done = run([{ type: "loaded", tasks: [task("a")], hasMore: false, keep: none }, { type: "more" }]);
    expect(done.shown).toBe(PAGE);
    const filtered = reducer(more, { type: "filters", filters: { ...DEFAULT_FILTERS, q: "milk" } });
    expect(filtered.shown).toBe(PAGE);
    expect(filtered.filters.q).toBe("milk");
  });

  it("keeps the user's lists and the Inbox count", () => {
    const lists = [{ id: "l1", name: "Home", taskCount: 2 }];
    expect(reducer(initialTaskState, { type: "lists", lists, inboxCount: 5 })).toMatchObject({ lists, inboxCount: 5 });
  });

  it("never changes the state it was given", () => {
    const before = run([{ type: "loaded", tasks: [task("a"), task("b")], hasMore: false, keep: none }]);
    const copy = structuredClone(before);
    run(
      [
        { type: "upsert", tasks: [task("c")], prependToList: true },
        { type: "remove", ids: ["a"] },
        { type: "replace-id", from: "b", task: task("z") },
      ],
      before,
    );
    expect(before).toEqual(copy);
  });
});
