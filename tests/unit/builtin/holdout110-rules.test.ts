/**
 * Rules of the w21 probes holdout110–117 (a nurse's, a plumber's, a toddler parent's, a marathon
 * runner's, a candle maker's, a landlord's, a food bank's and a football coach's lists; docs/agent.md
 * "Remarks after a request, states of things put in place, months and house numbers (issue 24, w21)").
 */
import { describe, expect, it } from "vitest";
import { groundMessage } from "@/lib/agent/builtin/grounding";
import { classify } from "@/lib/agent/builtin/intents";
import { saysAside } from "@/lib/agent/builtin/intents/aside";
import { clockAt } from "@/lib/task-line/clock";
import { readTaskLine } from "@/lib/task-line/read";
import { clock, task } from "./plan-steps";

const tasks = [
  task("seat", "Swap the car seat into Dan's car"),
  task("gate", "Fit the stair gate"),
  task("physio", "Book a physio appointment for my knee"),
  task("run", "Do the 20 mile long run"),
  task("trainers", "Buy new trainers"),
  task("registration", "Finish race registration"),
  task("nappies", "Order nappies and wipes"),
  task("gas", "Book the gas safety certificate inspection"),
  task("insurance", "Renew the landlord insurance"),
  task("wax", "Reorder soy wax flakes"),
  task("parts", "Order parts for the Greenway job"),
  task("shelving", "Fix the wobbly shelving in the storeroom"),
  task("letters", "Send thank-you letters to the church donors"),
  task("rota", "Draw up the December volunteer rota"),
  task("referee", "Confirm a referee for Sunday's home game"),
  task("vat", "File the VAT return"),
];
const ground = (text: string, lists: string[] = []) => groundMessage(text, tasks as never, clock, lists);
const changeOf = (text: string, lists: string[] = []) => {
  const g = ground(text, lists);
  return g?.kind === "change" ? { id: g.change.task.id, changes: g.change.changes, also: g.also?.length ?? 0 } : g;
};
const saturday = clockAt(new Date("2026-11-28T20:00:00Z"), "UTC");

describe("a request, then a remark that only tells (rule TRAILING-REMARK)", () => {
  it.each([
    ["ok race registration is DONE. no backing out now 😬", "registration"],
    ["stair gate is up at last. took 2 hours and a lot of swearing", "gate"],
    ["landlord insurance renewed, bit pricier this year", "insurance"],
    ["soy wax reordered, went for the 10kg bag this time", "wax"],
    ["storeroom shelves are fixed, no more wobble thank god", "shelving"],
    ["vat return filed. never leaving it this late again", "vat"],
    ["nappies n wipes ordered, coming monday", "nappies"],
    ["gas safety check's booked, engineer's coming tuesday", "gas"],
    ["ordered the greenway parts from screwfix, should land monday", "parts"],
    ["rota's done for december, everyone's got at least one shift", "rota"],
  ])("'%s' completes %s and changes nothing else", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" }, also: 0 });
  });
  it.each([
    ["push the 20 mile run to monday, i've got the day off", "20 mile run"],
    ["trainers can wait till next month, these have another 100 miles in them", "trainers"],
  ])("'%s' is the change alone", (text, ref) => {
    const read = classify(text, clock);
    expect(read).toHaveLength(1);
    expect(read[0]?.type === "update" && read[0].ref.kind === "phrase" ? read[0].ref.text : read[0]).toBe(ref);
  });
  it("a correction after the request is no aside: 'i meant the vet' is not told", () => {
    expect(saysAside("i meant the vet", clock)).toBe(false);
    expect(saysAside("not the big one", clock)).toBe(false);
  });
  it("a tail that may be the change itself is no aside: a list or label word, a repeat, one word after the subject", () => {
    expect(saysAside("they're home", clock)).toBe(false);
    expect(saysAside("it's elm", clock)).toBe(false);
    expect(saysAside("we're doing it weekly", clock)).toBe(false);
    expect(saysAside("it's urgent now", clock)).toBe(false);
    expect(saysAside("mine's snapped", clock)).toBe(true);
  });
  it("a statement with a day is no aside: 'i've got it friday' may move the task", () => {
    expect(saysAside("i've got it friday", clock)).toBe(false);
  });
  it("'order a new pipe bender, mine's snapped' adds the pipe bender alone", () => {
    expect(classify("order a new pipe bender, mine's snapped", clock)).toEqual([
      { type: "add", items: [{ title: "Order a new pipe bender" }] },
    ]);
  });
  it("'done for december' says it is done, never due: 'rota's done for december' moves nothing", () => {
    const read = classify("rota's done for december", clock);
    expect(read.some((i) => i.type === "update")).toBe(false);
  });
});

describe("things put in place, and the places said", () => {
  it.each([
    ["car seat's in dan's car now", "seat"],
    ["stair gate is up at last", "gate"],
  ])("'%s' completes %s", (text, id) => {
    expect(changeOf(text)).toEqual({ id, changes: { status: "completed" }, also: 0 });
  });
  it("'remind me about booking the physio monday at 9 when they open' sets the physio's reminder, no new task", () => {
    const g = changeOf("remind me about booking the physio monday at 9 when they open");
    expect(g && "id" in g ? [g.id, Object.keys(g.changes)] : g).toEqual(["physio", ["remindAt"]]);
  });
  it("'remind me about the ref tomorrow at 9': 'ref' is the referee", () => {
    const g = changeOf("remind me about the ref tomorrow at 9");
    expect(g && "id" in g ? g.id : g).toBe("referee");
  });
  it("a list of two words: 'move the insurance task to maple court'", () => {
    expect(changeOf("move the insurance task to maple court", ["Maple Court"])).toEqual({
      id: "insurance",
      changes: { list: "maple court" },
      also: 0,
    });
  });
  it("'do the car seat swap on wednesday instead' is a move, not a question", () => {
    const read = classify("do the car seat swap on wednesday instead", clock);
    expect(read[0]?.type).toBe("update");
  });
});

describe("months that name a thing, and house numbers", () => {
  it.each(["pay the november rent", "chase the tenant for november rent", "send the december invoices"])(
    "'%s' has no due date and keeps the month in its title",
    (text) => {
      const line = readTaskLine(text, saturday);
      expect(line.due).toBeNull();
      expect(line.title.toLowerCase()).toContain(text.includes("november") ? "november" : "december");
    },
  );
  it.each([
    ["move it to november please", "2027-11-01"],
    ["december 3rd", "2026-12-03"],
  ])("'%s' is still a date", (text, due) => {
    expect(readTaskLine(text, saturday).due).toBe(due);
  });
  it("'powerflush at 22 station road on thursday' is due Thursday, with the address in its title", () => {
    const line = readTaskLine("powerflush at 22 Station Road on thursday", saturday);
    expect(line.due).toBe("2026-12-03");
    expect(line.title).toBe("Powerflush at 22 Station Road");
  });
  it("'meet at 5 by the park' is still at 5 pm (tomorrow, said at 8 pm)", () => {
    expect(readTaskLine("meet at 5 by the park", saturday).due).toBe("2026-11-29T17:00:00");
  });
});

describe("remarks that are never to-dos", () => {
  it.each(["lost a patient tonight. just need a minute", "lost my keys today"])("'%s' is a remark", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "say", kind: "remark" }]);
  });
  it("'the photos arent that urgent, set them to low': 'them' is the photos", () => {
    expect(classify("the photos arent that urgent, set them to low", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "photos" }, changes: { priority: "low" } },
    ]);
  });
  it("'not stressing over hargreaves anymore, make it low priority': 'it' is hargreaves", () => {
    expect(classify("not stressing over hargreaves anymore, make it low priority", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "hargreaves" }, changes: { priority: "low" } },
    ]);
  });
  it("'make a sample candle for the gift shop, high priority' is a new task, not a task named", () => {
    expect(classify("make a sample candle for the gift shop in Whitby, high priority", clock)).toEqual([
      { type: "add", items: [{ title: "Make a sample candle for the gift shop in Whitby", priority: "high" }] },
    ]);
  });
});

describe("more of the w21 words", () => {
  it("'the trustee report needs finishing tomorrow' is a due", () => {
    expect(classify("meeting's been brought forward so the trustee report needs finishing tomorrow", clock)).toEqual([
      { type: "update", ref: { kind: "phrase", text: "trustee report" }, changes: { due: "2026-11-27" } },
    ]);
  });
  it.each([
    ["pitch booked for jan, same slot as this season", "Book the pitch for January training", { status: "completed" }],
    ["legally the deposit has to go back by december 3rd", "Return the deposit to Tom and Ellie", { due: "2026-12-03" }],
    ["uniforms washed and ironed, all five hanging up ready", "Wash and iron uniform tunics", { status: "completed" }],
  ])("'%s' beside '%s' is %o", (text, title, changes) => {
    const g = groundMessage(text, [task("t", title)] as never, clock);
    expect(g?.kind === "change" ? g.change.changes : g).toEqual(changes);
  });
  it("a label swap is never cut short: 'the tomatoes arent garden, theyre kitchen now' is no aside", () => {
    expect(saysAside("theyre kitchen now", clock)).toBe(false);
    expect(saysAside("they belong in kitchen", clock)).toBe(false);
  });
});

describe("the lists asked about", () => {
  it.each(["my lists", "what are my lists?", "show me all of my lists"])("'%s' shows the lists", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "lists" }]);
  });
  it.each(["what's on my lists", "whats on all my lists?"])("'%s' shows the open tasks", (text) => {
    expect(classify(text, clock)).toEqual([{ type: "list", filter: { status: "pending" } }]);
  });
});
