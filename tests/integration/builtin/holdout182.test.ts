/**
 * Rules of the second w30 probes (holdout182–183): news exclaimed before a request, a tag question after a statement,
 * "will ya", "ain't", "lowkey", "next monday the 7th", why begun with no comma ("… bc money", "… pls i keep
 * forgetting"), a telling after "tick that off" with no comma. Whole turns over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { changesAfter as changes, type SeedTask, workAndHome } from "./harness";

const walker: SeedTask[] = [
  { title: "Buy poo bags and treats", list: "Work" },
  { title: "Renew van insurance", due: 10, list: "Home" },
  { title: "Dad's shopping", due: 2, list: "Home", priority: "high" },
];
const student: SeedTask[] = [
  { title: "Psychology essay on memory", due: 5, list: "Work" },
  { title: "Saturday shift at Tesco", due: 6, list: "Work" },
  { title: "Netball team sheet for Thursday match", due: 3, list: "Work" },
  { title: "Request Christmas holiday on staff app", due: 2, list: "Work" },
  { title: "Driving lesson with Gareth", due: 2, list: "Home", recurrence: "FREQ=WEEKLY" },
];

describe("news and talk before a request are never tasks", () => {
  it("'new client!! gert lush. add a meet and greet with luna the whippet on thurs' adds the meet and greet alone", async () => {
    const made = await changes(walker, "new client!! gert lush. add a meet and greet with luna the whippet on thurs");
    expect(made.map((t) => t.title)).toEqual(["Meet and greet with luna the whippet"]);
  });

  it.each(["new client!!", "gert lush"])("'%s' adds nothing", async (said) => {
    expect(await changes(walker, said)).toEqual([]);
  });

  it("'cat litter!!' is still a thing wanted", async () => {
    const made = await changes(walker, "cat litter!!");
    expect(made.map((t) => t.title)).toEqual(["Cat litter"]);
  });
});

describe("tags, hedges and words typed as said", () => {
  it("'bump the poo bags up to high will ya, im down to me last roll …' makes them high priority", async () => {
    const made = await changes(walker, "bump the poo bags up to high will ya, im down to me last roll and monty does about three a walk");
    expect(made.map((t) => [t.title, t.priority])).toEqual([["Buy poo bags and treats", "high"]]);
  });

  it("'the van insurance is a work thing really isnt it, its the business van, shove it over on the work list' moves it", async () => {
    const made = await changes(
      walker,
      "the van insurance is a work thing really isnt it, its the business van, shove it over on the work list",
    );
    expect(made.map((t) => [t.title, t.list?.name ?? null, t.labels ?? []])).toEqual([["Renew van insurance", "Work", []]]);
  });

  it("'anything high priority i aint done yet?' lists the high ones and changes nothing", async () => {
    const h = await workAndHome(walker);
    const before = await h.all();
    const reply = await h.say("anything high priority i aint done yet?");
    expect(reply.text.toLowerCase()).toContain("dad's shopping");
    expect(await h.all()).toEqual(before);
  });

  it("'staff app one is lowkey urgent, rota goes up wednesday …' makes it high priority and keeps its day", async () => {
    const made = await changes(student, "staff app one is lowkey urgent, rota goes up wednesday and all the good days go fast");
    expect(made.map((t) => [t.title, t.priority, t.dueAt?.slice(0, 10)])).toEqual([
      ["Request Christmas holiday on staff app", "high", "2026-11-24"],
    ]);
  });

  it("'pls push the psych essay to next monday the 7th, miss said …' moves it to 7 December", async () => {
    const made = await changes(student, "pls push the psych essay to next monday the 7th, miss said we can have an extension bc of mocks");
    expect(made.map((t) => [t.title, t.dueAt?.slice(0, 10)])).toEqual([["Psychology essay on memory", "2026-12-07"]]);
  });

  it("'new one, walk digby for mrs ashworth weds morning, she's having her hip done …' adds one task on Wednesday", async () => {
    const made = await changes(walker, "new one, walk digby for mrs ashworth weds morning, she's having her hip done poor love");
    expect(made.map((t) => [t.title, t.dueAt?.slice(0, 10)])).toEqual([["Walk digby for mrs ashworth", "2026-11-25"]]);
  });
});

describe("why, begun with no comma", () => {
  it("'driving lessons are every other week now bc money 💀 gareth's fine with it' repeats them every 2 weeks", async () => {
    const made = await changes(student, "driving lessons are every other week now bc money 💀 gareth's fine with it");
    expect(made.map((t) => [t.title, t.recurrence?.rule])).toEqual([["Driving lesson with Gareth", "FREQ=WEEKLY;INTERVAL=2"]]);
  });

  it("'remind me the night before my tesco shift pls i keep forgetting my name badge' sets a reminder on the shift", async () => {
    const made = await changes(student, "remind me the night before my tesco shift pls i keep forgetting my name badge");
    expect(made.map((t) => [t.title, t.remindAt !== null])).toEqual([["Saturday shift at Tesco", true]]);
  });

  it("'ok tick that off i did it at lunch' after asking ticks the task asked about", async () => {
    const made = await changes(student, "is the netball team sheet done?", "ok tick that off i did it at lunch");
    expect(made.map((t) => [t.title, t.status])).toEqual([["Netball team sheet for Thursday match", "completed"]]);
  });

  it("'tick it off i want to move it' after asking ticks nothing", async () => {
    expect(await changes(student, "is the netball team sheet done?", "tick it off i want to move it")).toEqual([]);
  });
});
