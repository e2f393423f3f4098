/**
 * Rules of the w24 probes (holdout134–137): thanks for help, why a question is asked, news of a third
 * party, how a deed went after "!", a dash or an emoji, a reminder the night before with its reason,
 * items led by a list ("for work: …"), and questions that name a task in passing
 * (docs/agent.md "Thanks, asking why, items for a list, questions in passing (issue 24, w24)").
 * Each runs a whole turn over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { Harness, type SeedTask } from "./harness";

const vet: SeedTask[] = [
  { title: "Clean out the chicken coop", due: 6 },
  { title: "Restock kennel cleaning supplies", due: 1 },
  { title: "Pay council tax", due: 2 },
];
const shop: SeedTask[] = [
  { title: "Royal Mail drop-off for Etsy orders", due: 1 },
  { title: "Order soy wax and wicks", due: 2 },
  { title: "Reply to Dunoon gift shop wholesale enquiry", due: 2 },
  { title: "File self assessment tax return", due: 40 },
];
const sparky: SeedTask[] = [
  { title: "Chase invoice for Clifton flats job", due: 2 },
  { title: "Van MOT", due: 4 },
  { title: "Fix the garage light" },
];
const candles: SeedTask[] = [
  { title: "Royal Mail drop-off for Etsy orders", due: 1, priority: "high" },
  { title: "Pour Christmas candle batch", due: 3 },
  { title: "Order Christmas turkey from Pritchards", due: 5 },
  { title: "Clean out the chicken coop", due: 6 },
  { title: "Restock kennel cleaning supplies", due: 1 },
  { title: "Pay council tax", due: 2 },
];
const retired: SeedTask[] = [
  { title: "Take Margaret to cardiology appointment", due: 3 },
  { title: "Prune the apple trees", due: 6 },
  { title: "Renew car insurance", due: 9 },
  { title: "Cover the dahlias before frost" },
];
/** One turn for a user with the lists Work and Home and these tasks. */
async function once(say: string, tasks: SeedTask[]) {
  const h = await Harness.create();
  for (const name of ["Work", "Home"]) await h.createList(name);
  for (const seed of tasks) await h.seed(seed);
  const before = await h.all();
  return { ...(await h.say(say)), h, before };
}
const writes = (calls: { toolName: string }[]) => calls.filter((c) => !/^list_/.test(c.toolName));

describe("messages that must change nothing", () => {
  it.each([
    ["thank you for all your help this week, you've been a godsend honestly", vet],
    ["cheers for sorting that mate", vet],
    ["what's on tomorrow?? need to plan around the school run", shop],
    ["royal mail lost ANOTHER parcel, thats 2 this month, honestly raging 😤", shop],
    ["for work - what a day", vet],
  ])("'%s' adds and changes nothing", async (say, tasks) => {
    const t = await once(say, tasks);
    expect(writes(t.calls)).toEqual([]);
    expect(t.pending).toEqual([]);
    expect(await t.h.all()).toEqual(t.before);
  });
});

describe("a question, and why it is asked", () => {
  it("adds what is needed after a question when it is a task of its own", async () => {
    const t = await once("what's on tomorrow? need to book the vet too", shop);
    expect((await t.h.all()).map((x) => x.title)).toContain("Book the vet");
  });
});

describe("how a deed went, after a '!', a dash or an emoji", () => {
  it.each([
    ["apple trees are done! took me most of the afternoon mind you but they look a lot tidier", "Prune the apple trees", retired],
    ["wax n wicks ordered!! 10kg of soy arriving thursday apparently, thank god", "Order soy wax and wicks", shop],
  ])("'%s' completes '%s' alone", async (say, title, tasks) => {
    const t = await once(say, tasks);
    const done = (await t.h.all()).filter((x) => x.status === "completed").map((x) => x.title);
    expect(done).toEqual([title]);
    expect(await t.h.all()).toHaveLength(tasks.length);
  });

  it("leaves the tick alone when the tail names another task", async () => {
    const t = await once("apple trees are done! the dahlias next", retired);
    expect((await t.h.all()).find((x) => x.title === "Cover the dahlias before frost")?.status).toBe("pending");
  });
});

describe("a reminder the night before, with why", () => {
  it("sets the reminder on the task named and adds nothing", async () => {
    const t = await once("remind me the night before the council tax pls, i will 100% forget otherwise", vet);
    const all = await t.h.all();
    expect(all).toHaveLength(vet.length);
    const tax = all.find((x) => x.title === "Pay council tax");
    expect(tax?.remindAt).not.toBeNull();
    expect(new Date(tax!.remindAt!).getTime()).toBeLessThan(new Date(tax!.dueAt!).getTime());
  });
});

describe("items led by a list", () => {
  it("'for work: X and Y' adds both to Work", async () => {
    const t = await once("for work: order more buster collars and chase the lab results for bella the spaniel", vet);
    const added = (await t.h.all()).filter((x) => !vet.some((s) => s.title === x.title));
    expect(added.map((x) => x.title).sort()).toEqual(["Chase the lab results for bella the spaniel", "Order more buster collars"]);
    expect(added.every((x) => x.list?.name === "Work")).toBe(true);
  });

  it("'two for the work list: X on friday, and Y saturday' adds both with their days", async () => {
    const t = await once(
      "two for the work list: collect the donations from Tesco on friday, and drop the new leaflets at the library saturday",
      retired,
    );
    const added = (await t.h.all()).filter((x) => !retired.some((s) => s.title === x.title));
    expect(added).toHaveLength(2);
    expect(added.every((x) => x.dueAt !== null && x.list?.name === "Work")).toBe(true);
  });
});

describe("questions that name a task in passing", () => {
  it.each([
    ["did i ever reply to the dunoon enquiry?", shop, "dunoon"],
    ["whats the deadline on the tax return again", shop, "tax return"],
    ["have I done the car insurance yet or is that still hanging over me", retired, "car insurance"],
    ["When is Margaret's heart appointment again? I keep forgetting and she'll have my guts if I get it wrong", retired, "cardiology"],
  ])("'%s' answers about it and changes nothing", async (say, tasks, word) => {
    const t = await once(say, tasks);
    expect(t.text.toLowerCase()).toContain(word);
    expect((await t.h.all()).every((x) => x.status === "pending")).toBe(true);
    expect(await t.h.all()).toHaveLength(tasks.length);
  });
});

describe("a reason after a change, in more shapes", () => {
  const changedOnly = async (say: string, tasks: SeedTask[], title: string) => {
    const t = await once(say, tasks);
    const after = await t.h.all();
    expect(after).toHaveLength(tasks.length);
    const changed = after.filter((x) => JSON.stringify(x) !== JSON.stringify(t.before.find((b) => b.id === x.id)));
    expect(changed.map((x) => x.title)).toEqual([title]);
    return changed[0]!;
  };
  it.each([
    ["council tax can wait till friday, payday's not till thursday this month", "Pay council tax"],
    ["bump the kennel restock to tuesday, sarah's putting a big order in monday anyway so no point", "Restock kennel cleaning supplies"],
    ["bump the xmas pour to saturday, wax isnae coming till thursday now so no point", "Pour Christmas candle batch"],
  ])("'%s' moves '%s' alone", async (say, title) => {
    expect((await changedOnly(say, candles, title)).dueAt).not.toBeNull();
  });

  it("'…is urgent now, dave's been ignoring my texts … and im not a bank' raises the priority alone", async () => {
    const t = await changedOnly(
      "clifton invoice is urgent now, dave's been ignoring my texts for 3 weeks and im not a bank",
      sparky,
      "Chase invoice for Clifton flats job",
    );
    expect(t.priority).toBe("high");
  });

  it("'… doesnt need to be high priority anymore, they do collections …' lowers it", async () => {
    const t = await changedOnly(
      "royal mail drop-off doesnt need to be high priority anymore, they do collections from the house now which is a godsend",
      candles,
      "Royal Mail drop-off for Etsy orders",
    );
    expect(t.priority).toBe("low");
  });

  it("'… every other week now, the new hemp bedding lasts way longer' sets the repeat alone", async () => {
    const t = await changedOnly(
      "coop clean can be every other week now, the new hemp bedding lasts way longer",
      candles,
      "Clean out the chicken coop",
    );
    expect(t.recurrence?.rule).toContain("INTERVAL=2");
  });

  it("'give me a reminder the evening before … would you, Pritchards get very busy …' sets that reminder", async () => {
    const t = await changedOnly(
      "give me a reminder the evening before the turkey order would you, Pritchards get very busy this time of year",
      candles,
      "Order Christmas turkey from Pritchards",
    );
    expect(t.remindAt).not.toBeNull();
  });

  it("never reads a correction as a reason: '…, not the pellets' leaves the pellets alone", async () => {
    const tasks: SeedTask[] = [
      { title: "Pay council tax", due: 2 },
      { title: "Buy layers pellets", due: 2 },
    ];
    const t = await once("move the council tax to friday, not the pellets", tasks);
    const pellets = (await t.h.all()).find((x) => x.title === "Buy layers pellets");
    expect(pellets).toEqual(t.before.find((x) => x.title === "Buy layers pellets"));
  });
});

describe("a new task said with why", () => {
  it("'ring british gas monday morning, boilers making that clunking noise again ffs' adds the call alone", async () => {
    const t = await once("ring british gas monday morning, boilers making that clunking noise again ffs", sparky);
    const added = (await t.h.all()).filter((x) => !sparky.some((s) => s.title === x.title));
    expect(added.map((x) => x.title)).toEqual(["Ring british gas"]);
  });

  it("'put parkrun … on saturday, dan reckons he'll come lol' leaves what dan reckons out of the title", async () => {
    const t = await once("put parkrun at woodhouse moor on saturday, dan reckons he'll come lol", sparky);
    const added = (await t.h.all()).filter((x) => !sparky.some((s) => s.title === x.title));
    expect(added).toHaveLength(1);
    expect(added[0]!.title.toLowerCase()).not.toContain("dan");
  });

  it("'dan reckons he'll come' alone is no task", async () => {
    const t = await once("dan reckons he'll come", sparky);
    expect(await t.h.all()).toEqual(t.before);
  });
});

describe("something said, then 'add it'", () => {
  it("'callum's got the dentist tuesday at half 3, pop it on the home list pls' adds it to Home at that time", async () => {
    const t = await once("callum's got the dentist tuesday at half 3, pop it on the home list pls", sparky);
    const added = (await t.h.all()).filter((x) => !sparky.some((s) => s.title === x.title));
    expect(added).toHaveLength(1);
    expect(added[0]!.title.toLowerCase()).toContain("dentist");
    expect(added[0]!.list?.name).toBe("Home");
    expect(new Date(added[0]!.dueAt!).getUTCDay()).toBe(2);
  });

  it("'jess needs money for her geography trip, stick it on home for monday' adds it to Home on Monday", async () => {
    const t = await once("jess needs money for her geography trip, stick it on home for monday", sparky);
    const added = (await t.h.all()).filter((x) => !sparky.some((s) => s.title === x.title));
    expect(added).toHaveLength(1);
    expect(added[0]!.list?.name).toBe("Home");
    expect(new Date(added[0]!.dueAt!).getUTCDay()).toBe(1);
  });
});

it("'when did i say id do the kennel restock?' answers with that task", async () => {
  const t = await once("when did i say id do the kennel restock?", candles);
  expect(t.text.toLowerCase()).toContain("kennel");
  expect(await t.h.all()).toEqual(t.before);
});
