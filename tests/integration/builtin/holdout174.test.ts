/**
 * Rules of the w29 probes (holdout174–177): the harms of the new sets (a complaint opened by "bin", a note that
 * only says when a thing runs out, people met "with", "did on the phone" after a question), a list said after
 * "shouldn't be in work", "not fussed about", "7 tonight", Scots and Northern words (docs/agent.md "Words of the
 * regions, and what is no task (issue 24, w29)"). Each runs whole turns over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { changesAfter, type SeedTask, workAndHome } from "./harness";

const farm: SeedTask[] = [
  { title: "Pay feed bill", due: 6, list: "Work" },
  { title: "Ring Carys about hall Christmas party booking", due: 1, list: "Home" },
  { title: "Raffle prizes for chapel", due: 12, list: "Work" },
  { title: "Book vet for TB test", due: 4, list: "Work" },
];
const home: SeedTask[] = [
  { title: "Put bins out", due: 3, list: "Home" },
  { title: "Shoes for Lily", due: 3, list: "Home" },
  { title: "Ring the GP about my knee", due: 8, list: "Home" },
  { title: "Pay allotment rent", due: 3, list: "Home" },
];

const changes = changesAfter;

describe("harms of the new sets: nothing the message did not ask for", () => {
  it("'bin men left half the recycling again, …' is a complaint: no task added, none deleted", async () => {
    expect(await changes(home, "bin men left half the recycling again, fumin i am, third time this month")).toEqual([]);
  });

  it("'add renew ALS cert by end of jan, work list. expires feb' adds one task on Work", async () => {
    const made = await changes([], "add renew ALS cert by end of jan, work list. expires feb");
    expect(made.map((t) => [t.title, t.list?.name ?? null])).toEqual([["Renew ALS cert", "Work"]]);
  });

  it("'add renew passport by march. expires in april' adds one task due in March", async () => {
    const made = await changes([], "add renew passport by march. expires in april");
    expect(made.map((t) => [t.title, new Date(t.dueAt!).getUTCMonth() + 1])).toEqual([["Renew passport", 3]]);
  });

  it("'flat meeting next sun w jamie n sophie re cleaning, home list' adds one task", async () => {
    const made = await changes([], "flat meeting next sun w jamie n sophie re cleaning, home list");
    expect(made.map((t) => [t.title, t.list?.name ?? null])).toEqual([["Flat meeting with jamie and sophie re cleaning", "Home"]]);
  });

  it("'add meet with sam and buy milk' is still two tasks", async () => {
    const made = await changes([], "add meet with sam and buy milk");
    expect(made.map((t) => t.title).sort()).toEqual(["Buy milk", "Meet with sam"]);
  });

  it("'no? ok well i just did on the phone, tick it off' after asking ticks the task asked about, never Carys", async () => {
    const made = await changes(farm, "did i pay the feed bill?", "no? ok well i just did on the phone, tick it off");
    expect(made.map((t) => `${t.title}: ${t.status}`)).toEqual(["Pay feed bill: completed"]);
  });
});

describe("where a task goes, and how much it matters", () => {
  it("'the raffle thing shouldnt be in work, its chapel stuff, stick it in home' moves it to Home with no note", async () => {
    const made = await changes(farm, "the raffle thing shouldnt be in work, its chapel stuff, stick it in home");
    expect(made.map((t) => [t.title, t.list?.name ?? null, t.description || "no note"])).toEqual([
      ["Raffle prizes for chapel", "Home", "no note"],
    ]);
  });

  it("'the raffle prizes shouldnt be in work' still takes it out to the Inbox", async () => {
    const made = await changes(farm, "the raffle prizes shouldnt be in work");
    expect(made.map((t) => [t.title, t.list?.name ?? null])).toEqual([["Raffle prizes for chapel", null]]);
  });

  it.each([
    ["not fussed about the shoes really, her old ones will do", "Shoes for Lily"],
    ["im not bothered about the allotment rent now", "Pay allotment rent"],
    ["the shoes for lily, not fussed about that now", "Shoes for Lily"],
  ])("'%s' makes '%s' low priority and changes nothing else", async (said, title) => {
    const made = await changes(home, said);
    expect(made.map((t) => [t.title, t.priority, t.dueAt === null])).toEqual([[title, "low", false]]);
  });

  it("'actually make that high, met office says a storm coming thurs …' after an add makes it high and gives it no day", async () => {
    const h = await workAndHome([]);
    await h.say("add order diesel for the generator");
    await h.say("actually make that high, met office says a storm coming thurs and the parlour's useless without it");
    expect((await h.all()).map((t) => [t.title, t.priority, t.dueAt])).toEqual([["Order diesel for the generator", "high", null]]);
  });

  it("'mrcp booking = urgent pls, slots going fast apparently' makes it high priority", async () => {
    const made = await changes(
      [{ title: "Book MRCP P2 exam", due: 5, list: "Work" }],
      "mrcp booking = urgent pls, slots going fast apparently",
    );
    expect(made.map((t) => [t.title, t.priority])).toEqual([["Book MRCP P2 exam", "high"]]);
  });
});

describe("a change, then why, the subject left out", () => {
  const doctor: SeedTask[] = [
    { title: "Rota swap w Priya (12th nights)", due: 6, list: "Work" },
    { title: "Pay council tax", due: 3, list: "Home" },
    { title: "Put the bins out", due: 1, list: "Home" },
  ];

  it("'remind me the night before bins, always forget after a long day' sets a reminder on the bins", async () => {
    const made = await changes(doctor, "remind me the night before bins, always forget after a long day");
    expect(made.map((t) => [t.title, t.remindAt !== null])).toEqual([["Put the bins out", true]]);
  });

  it("'rota swap not urgent anymore, priya's chill abt it. low prio' makes it low priority", async () => {
    const made = await changes(doctor, "rota swap not urgent anymore, priya's chill abt it. low prio");
    expect(made.map((t) => [t.title, t.priority])).toEqual([["Rota swap w Priya (12th nights)", "low"]]);
  });

  it("'council tax can wait till the 7th, skint til payday tbh' moves it to the 7th", async () => {
    const made = await changes(doctor, "council tax can wait till the 7th, skint til payday tbh");
    expect(made.map((t) => [t.title, t.dueAt?.slice(5, 10)])).toEqual([["Pay council tax", "12-07"]]);
  });
});

describe("a new one, named without a verb", () => {
  it("'new one for work - red tractor self assessment, high priority, has to be done by the 18th' adds it to Work", async () => {
    const made = await changes([], "new one for work - red tractor self assessment, high priority, has to be done by the 18th");
    expect(made.map((t) => [t.title, t.priority, t.list?.name ?? null, t.dueAt?.slice(5, 10)])).toEqual([
      ["Red tractor self assessment", "high", "Work", "12-18"],
    ]);
  });

  it("'new one for work - what a day' adds nothing", async () => {
    expect(await changes([], "new one for work - what a day")).toEqual([]);
  });
});

describe("a new repeat, the old one it replaces, and why", () => {
  const passmed: SeedTask[] = [{ title: "Passmed questions", due: 0, list: "Work", recurrence: "FREQ=DAILY" }];

  it("'change passmed to every other day not daily, can't keep up on nights' repeats it every 2 days", async () => {
    const made = await changes(passmed, "change passmed to every other day not daily, can't keep up on nights");
    expect(made.map((t) => [t.title, t.recurrence?.rule])).toEqual([["Passmed questions", "FREQ=DAILY;INTERVAL=2"]]);
  });

  it("'change passmed to every other day not daily, and buy milk' never renames it", async () => {
    const made = await changes(passmed, "change passmed to every other day not daily, and buy milk");
    expect(made.filter((t) => t.title !== "Buy milk").map((t) => t.title)).toEqual([]);
  });
});

describe("times and words of the regions", () => {
  it("'remind me 7 tonight to text gwyn about the silage clamp' reminds at 7 pm", async () => {
    const h = await workAndHome([]);
    await h.say("remind me 7 tonight to text gwyn about the silage clamp");
    const [task] = await h.all();
    expect(task?.title).toBe("Text gwyn about the silage clamp");
    // 19:00 in Berlin, the harness's time zone.
    expect(new Date(task!.remindAt!).getUTCHours()).toBe(18);
  });

  it("'add mum's bday card for sat + ring the deanery abt LTFT tmrw' adds two tasks", async () => {
    const made = await changes([], "add mum's bday card for sat + ring the deanery abt LTFT tmrw");
    expect(made.map((t) => t.title).sort()).toEqual(["Mum's bday card", "Ring the deanery about LTFT"]);
  });

  it("'remind us the night before the GP' sets a reminder on the GP task (\"us\" is the one typing)", async () => {
    const made = await changes(home, "remind us the night before the GP");
    expect(made.map((t) => [t.title, t.remindAt !== null])).toEqual([["Ring the GP about my knee", true]]);
  });

  it("'allotment rent needs tae be in by tomorrow actually' moves it to tomorrow ('tae' is 'to')", async () => {
    const made = await changes(home, "allotment rent needs tae be in by tomorrow actually");
    expect(made.map((t) => t.title)).toEqual(["Pay allotment rent"]);
    expect(made[0]!.dueAt?.slice(0, 10)).toBe("2026-11-23");
  });

  it("'stick doon buy a new spade' adds 'Buy a new spade' ('doon' is 'down')", async () => {
    const made = await changes(home, "stick doon buy a new spade");
    expect(made.map((t) => t.title)).toEqual(["Buy a new spade"]);
  });
});
