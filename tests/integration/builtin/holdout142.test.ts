/**
 * Rules of the w25 probes (holdout142–145): a tick said beside the telling of the deed, thanks with a
 * name for the one thanked, a reminder the night before with "i always forget", a new interval that keeps
 * the weekday, several remarks after a deed, a reason or a slot after a chore led by a list, things bought
 * told with how much and where, and reasons in more shapes
 * (docs/agent.md "Ticks beside the telling, remarks after a deed, reasons after a listed chore (issue 24, w25)").
 * Each runs whole turns over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { changedSince, type SeedTask, workAndHome } from "./harness";

const pharmacist: SeedTask[] = [
  { title: "Order flu jab top-up from AAH", due: 2 },
  { title: "Pay Alfie's trip deposit", due: 3 },
  { title: "Put bins out", due: 4, recurrence: "FREQ=WEEKLY;BYDAY=TH" },
  { title: "Book village hall for carol concert", due: 5 },
];
const roofer: SeedTask[] = [
  { title: "Clear gutters for the Hughes family, Whitchurch", due: 1 },
  { title: "Order lead from Travis Perkins", due: 2 },
  { title: "Fiesta MOT", due: 4 },
  { title: "Print tickets for the Christmas fair", due: 3 },
];

/** A user with the lists Work and Home and these tasks. */
const user = workAndHome;
const writes = (calls: { toolName: string }[]) => calls.filter((c) => !/^list_/.test(c.toolName));
/** The tasks whose stored state differs from before. */

describe("a tick beside the telling of the deed", () => {
  it.each([
    "yeah nah i did it friday, tick it off",
    "ok tick that off, i put it through on friday from the shop",
    "oh no i did actually, rang them thursday, tick it off",
    "oh i did actually, they had them yesterday. tick it off",
  ])("'%s' ticks off the task just talked about", async (say) => {
    const h = await user(roofer);
    await h.say("when's the travis perkins order due");
    const before = await h.all();
    await h.say(say);
    const after = await h.all();
    expect(changedSince(before, after).map((x) => [x.title, x.status])).toEqual([["Order lead from Travis Perkins", "completed"]]);
  });

  it("'charger is packed, mark it done' names the thing itself: the tick is the charger's", async () => {
    const h = await user([...roofer, { title: "Charger" }]);
    await h.say("when's the travis perkins order due");
    await h.say("charger is packed, mark it done");
    expect((await h.task("Travis Perkins"))?.status).toBe("pending");
  });
});

describe("thanks with a name for the one thanked", () => {
  it.each(["thanks pet you're a lifesaver", "cheers hun, you're a star", "thanks pet"])("'%s' changes nothing", async (say) => {
    const h = await user(roofer);
    const before = await h.all();
    const t = await h.say(say);
    expect(writes(t.calls)).toEqual([]);
    expect(await h.all()).toEqual(before);
  });
});

describe("a reminder the night before, with 'i always forget'", () => {
  it("sets the reminder on the task named and adds nothing", async () => {
    const h = await user(roofer);
    const before = await h.all();
    await h.say("remind me the night before the mot would u, i always forget to empty the boot");
    const after = await h.all();
    const changed = changedSince(before, after);
    expect(changed.map((x) => x.title)).toEqual(["Fiesta MOT"]);
    expect(new Date(changed[0]!.remindAt!).getTime()).toBeLessThan(new Date(changed[0]!.dueAt!).getTime());
  });
});

describe("a new interval keeps the weekday the task repeats on", () => {
  it("'bins are every other week now, …' repeats every other Thursday", async () => {
    const h = await user(pharmacist);
    await h.say("bins are every other week now, council's changed it again. still thursdays");
    const rule = (await h.task("Put bins out"))?.recurrence?.rule ?? "";
    expect(rule).toContain("INTERVAL=2");
    expect(rule).toContain("BYDAY=TH");
  });
});

describe("remarks after a deed", () => {
  it.each([
    ["hughes gutters r done, full of moss and a tennis ball of all things", "Clear gutters for the Hughes family, Whitchurch", roofer],
    [
      "fair tickets printed - 300 of them, they're in a box in the staffroom if anyone asks",
      "Print tickets for the Christmas fair",
      roofer,
    ],
    [
      "hall's booked!! sheila on the committee sorted it and she's even leaving the key under the mat for us",
      "Book village hall for carol concert",
      pharmacist,
    ],
  ])("'%s' completes '%s' alone", async (say, title, tasks) => {
    const h = await user(tasks);
    await h.say(say);
    const all = await h.all();
    expect(all).toHaveLength(tasks.length);
    expect(all.filter((x) => x.status === "completed").map((x) => x.title)).toEqual([title]);
  });

  it("leaves the tick alone when a remark names another task", async () => {
    const h = await user(roofer);
    await h.say("hughes gutters r done, the fiesta mot next");
    expect((await h.task("Fiesta MOT"))?.status).toBe("pending");
  });
});

describe("a chore led by a list, with a slot or a reason after it", () => {
  it.each([
    ["new one for work - order more leaflets for the anxiety group, high priority pls we're totally out", "Work", "high"],
    ["for home: sort the leaky outside tap before it freezes, sarah keeps on about it", "Home", "medium"],
    ["for work: order more leaflets, high priority", "Work", "high"],
  ])("'%s' adds one task on %s, priority %s", async (say, list, priority) => {
    const h = await user(roofer);
    await h.say(say);
    const added = (await h.all()).filter((x) => !roofer.some((s) => s.title === x.title));
    expect(added).toHaveLength(1);
    expect(added[0]!.title).not.toMatch(/sarah|we're|priority/i);
    expect(added[0]!.list?.name).toBe(list);
    expect(added[0]!.priority).toBe(priority);
  });

  it("still adds each chore of 'for home: fix the gate, paint the shed'", async () => {
    const h = await user(roofer);
    await h.say("for home: fix the gate, paint the shed");
    const added = (await h.all()).filter((x) => !roofer.some((s) => s.title === x.title));
    expect(added.map((x) => x.title).sort()).toEqual(["Fix the gate", "Paint the shed"]);
  });
});

describe("things got, told with how much and where from", () => {
  it.each([
    ["got 2 bags of layers pellets from mole valley this morning, boot stinks of feed now lol", "Buy layers pellets and grit"],
    ["dropped the van keys back at penrith on me way past, one less thing rattling round me handbag", "Return van keys to Penrith depot"],
  ])("'%s' completes '%s' alone", async (say, title) => {
    const tasks: SeedTask[] = [
      { title: "Buy layers pellets and grit", due: 2 },
      { title: "Return van keys to Penrith depot", due: 1 },
      { title: "Clean out hen house", due: 6 },
    ];
    const h = await user(tasks);
    await h.say(say);
    const all = await h.all();
    expect(all).toHaveLength(tasks.length);
    expect(all.filter((x) => x.status === "completed").map((x) => x.title)).toEqual([title]);
  });
});

describe("a change with its reason, in more shapes", () => {
  const tasks: SeedTask[] = [
    { title: "Order flu jab top-up from AAH", due: 2 },
    { title: "Buy layers pellets", due: 3, priority: "high" },
    { title: "Fix dripping tap", due: 4 },
    { title: "Book Santa for the Christmas fair", due: 9 },
  ];
  it.each([
    ["bump the flu order to wednesday, missed the AAH cut off for tuesday anyway", "Order flu jab top-up from AAH", "dueAt"],
    ["pellets r not urgent at all, found half a bag behind the mower in the shed", "Buy layers pellets", "priority"],
    ["the tap's getting worse, there's water all down the cupboard under the sink now, make it urgent pls", "Fix dripping tap", "priority"],
    [
      "santa thing is urgent now, just heard the bloke we normally use might be doing tesco's grotto this year 😬",
      "Book Santa for the Christmas fair",
      "priority",
    ],
  ] as const)("'%s' changes the %3$s of '%2$s' alone", async (say, title, field) => {
    const h = await user(tasks);
    const before = await h.all();
    await h.say(say);
    const after = await h.all();
    expect(after).toHaveLength(tasks.length);
    const changed = changedSince(before, after);
    expect(changed.map((x) => x.title)).toEqual([title]);
    expect(changed[0]![field]).not.toEqual(before.find((b) => b.title === title)![field]);
  });

  it("'fittings arent urgent, got plenty in the van for now, make it low' never touches the van's MOT", async () => {
    const h = await user([{ title: "Restock compression fittings" }, { title: "Book the van in for its MOT", due: 3 }]);
    const before = await h.all();
    await h.say("fittings arent urgent, got plenty in the van for now, make it low");
    const changed = changedSince(before, await h.all());
    expect(changed.map((x) => x.title).filter((t) => t !== "Restock compression fittings")).toEqual([]);
  });

  it("'actually make it friday, fair's on the saturday' moves the task talked about to Friday", async () => {
    const h = await user([{ title: "Sort the lost property box", due: 2 }, ...tasks]);
    await h.say("when's the lost property thing due");
    await h.say("actually make it friday, fair's on the saturday");
    const due = new Date((await h.task("lost property"))!.dueAt!);
    expect(due.getUTCDay()).toBe(5);
  });
});
