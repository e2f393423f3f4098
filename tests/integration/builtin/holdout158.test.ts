/**
 * Rules of the w27 probes (holdout158–165): thanks said with words about the one thanked, a dropped "g"
 * ("drippin"), how a thing seems, who got in touch before the job, a priority before why, a pronoun's own
 * short why ("or she'll sulk", "we're out"), a time clause after an add, words after a question, and a
 * person who only owns a thing in a title ("Dad's boiler") (docs/agent.md "Thanks, news and owners (issue 24, w27)").
 * Each runs whole turns over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { changedSince, type SeedTask, workAndHome } from "./harness";

const carer: SeedTask[] = [
  { title: "Phone British Gas about Dad's boiler", due: 3, list: "Home" },
  { title: "Collect Dad's prescription", due: 1, list: "Home" },
  { title: "Dad's hospital appointment at the Queen Elizabeth", due: 4, list: "Home" },
  { title: "Update the residents' activity calendar", due: 1, list: "Work" },
];
const mechanic: SeedTask[] = [
  { title: "Fix the bathroom tap", list: "Home" },
  { title: "Service the Corsa for Gwen", due: 2, list: "Work" },
];

/** A user with the lists Work and Home and these tasks. */
const user = workAndHome;

describe("words that change nothing", () => {
  it.each([
    "thank youuu ur honestly keeping me sane rn 🙏💛",
    "cheers, you've saved my bacon there",
    "that taps drippin worse now, sounds like a flippin drum at 3am",
    "what've i got on for work this week? brain's mince",
  ])("'%s' changes no task", async (said) => {
    const h = await user([...carer, ...mechanic]);
    const before = await h.all();
    await h.say(said);
    expect(changedSince(before, await h.all())).toEqual([]);
  });

  it("thanks with a request after it is still the request", async () => {
    const h = await user(mechanic);
    await h.say("thanks, can you move the corsa to friday");
    const corsa = (await h.all()).find((t) => t.title.startsWith("Service the Corsa"));
    expect(new Date(corsa!.dueAt!).getUTCDay()).toBe(5);
  });
});

describe("'phone dad' beside 'Phone British Gas about Dad's boiler' and 'Dad's hospital appointment …'", () => {
  it("'remind me to phone dad every night, …' adds a daily 'Phone dad' and leaves Dad's tasks alone", async () => {
    const h = await user(carer);
    const before = await h.all();
    await h.say("can u remind me to phone dad every night, he's been awful lonely since mum passed");
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => [t.title, t.recurrence?.rule])).toEqual([["Phone dad", "FREQ=DAILY"]]);
  });

  it("a present of dad's is still found without the apostrophe", async () => {
    const h = await user([...carer, { title: "Buy Dad's present", list: "Home" }]);
    const before = await h.all();
    await h.say("buy dads present friday");
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => t.title)).toEqual(["Buy Dad's present"]);
  });

  it("the boiler task is still found by its own words", async () => {
    const h = await user(carer);
    await h.say("phone british gas every monday");
    const boiler = (await h.all()).find((t) => t.title.startsWith("Phone British Gas"));
    expect(boiler?.recurrence?.rule).toContain("BYDAY=MO");
  });
});

describe("the parts of an add that are no task", () => {
  it("'… ffion rang, battery flat on her qashqai, first thing tmrw, urgent she needs it for work' adds one urgent job", async () => {
    const h = await user(mechanic);
    const before = await h.all();
    await h.say("ffion tregaron rang, battery flat on her qashqai, first thing tmrw, urgent she needs it for work");
    const added = changedSince(before, await h.all());
    expect(added.map((t) => [t.title, t.priority, t.description])).toEqual([
      ["Battery flat on her qashqai", "high", "Ffion tregaron rang"],
    ]);
    expect(added[0]?.dueAt).not.toBeNull();
  });

  it("'stick mums birthday card on for the 10th, got to post it by then or she'll sulk' adds the card alone", async () => {
    const h = await user(carer);
    const before = await h.all();
    await h.say("stick mums birthday card on for the 10th, got to post it by then or she'll sulk");
    const added = changedSince(before, await h.all());
    expect(added.map((t) => t.title)).toEqual(["Mums birthday card"]);
    expect(added[0]?.dueAt?.slice(5, 10)).toBe("12-10");
  });

  it("'new one for work list - do insta post for xmas offers, sat morn b4 i open' adds the post alone, Saturday", async () => {
    const h = await user(carer);
    const before = await h.all();
    await h.say("new one for work list - do insta post for xmas offers, sat morn b4 i open");
    const added = changedSince(before, await h.all());
    expect(added.map((t) => [t.title, t.list?.name])).toEqual([["Do insta post for xmas offers", "Work"]]);
    expect(new Date(added[0]!.dueAt!).getUTCDay()).toBe(6);
  });

  it("'add bread, we're out' adds 'Bread'", async () => {
    const h = await user(mechanic);
    const before = await h.all();
    await h.say("add bread, we're out");
    expect(changedSince(before, await h.all()).map((t) => t.title)).toEqual(["Bread"]);
  });

  it("a second thing after a comma stays a task of its own", async () => {
    const h = await user(mechanic);
    const before = await h.all();
    await h.say("add milk, bread rolls");
    const titles = changedSince(before, await h.all()).map((t) => t.title);
    expect(titles.join(" ")).toMatch(/bread rolls/i);
    expect(titles.join(" ")).toMatch(/milk/i);
  });

  it("who got in touch becomes the job's note: 'dave rang, call him back tomorrow'", async () => {
    const h = await user(mechanic);
    const before = await h.all();
    await h.say("add dave rang, call him back tomorrow");
    const added = changedSince(before, await h.all());
    expect(added.map((t) => [t.title, t.description])).toEqual([["Call him back", "Dave rang"]]);
  });
});

const hairdresser: SeedTask[] = [
  { title: "Sign Kayla's school trip form", due: 3, list: "Home" },
  { title: "Order colour stock from Sally's", due: 2, list: "Work" },
  { title: "Book MOT for the Fiesta", due: 3, list: "Home" },
  { title: "Post Etsy parcels at Royal Mail", due: 2, list: "Work" },
  { title: "Sort the memory-box project with Mrs Donnelly's family", due: 5, list: "Work" },
  { title: "Mrs Patterson home visit - cut & set", due: 3, list: "Work" },
];

describe("changes said with a name for the assistant, a reason, or a day of their own", () => {
  it.each([
    ["make kaylas trip form high priority hun, school's txted twice now chasing it", "Sign Kayla's school trip form", "priority", "high"],
    ["can the sallys order wait till fri hun, not getting paid till thurs", "Order colour stock from Sally's", "weekday", 5],
    ["mot booking can wait till the 12th, fiesta's not actually due till mid jan anyway", "Book MOT for the Fiesta", "monthDay", "12-12"],
    [
      "move the memory box thing onto my home list, i'm doin it on my day off anyway",
      "Sort the memory-box project with Mrs Donnelly's family",
      "list",
      "Home",
    ],
  ])("'%s' changes %s alone", async (said, title, field, value) => {
    const h = await user(hairdresser);
    const before = await h.all();
    await h.say(said);
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => t.title)).toEqual([title]);
    const t = changed[0]!;
    const got =
      field === "priority"
        ? t.priority
        : field === "weekday"
          ? new Date(t.dueAt!).getUTCDay()
          : field === "monthDay"
            ? t.dueAt?.slice(5, 10)
            : t.list?.name;
    expect(got).toBe(value);
  });

  it("'remind me the night before the parcels need posting, i always forget …' sets the parcels' reminder", async () => {
    const h = await user(hairdresser);
    const before = await h.all();
    await h.say("remind me the night before the parcels need posting, i always forget n then it's a mad dash to the post office at 5:25");
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => t.title)).toEqual(["Post Etsy parcels at Royal Mail"]);
    expect(changed[0]?.remindAt).toBeTruthy();
  });

  it("'… and make it low priority, nobody's in a rush for it' after a change sets the priority alone", async () => {
    const h = await user(hairdresser);
    await h.say("move the parcels to friday");
    const before = await h.all();
    await h.say("and make it low priority, nobody's in a rush for it");
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => [t.title, t.priority])).toEqual([["Post Etsy parcels at Royal Mail", "low"]]);
  });

  it("'when am i at mrs pattersons again?' looks the visit up and changes nothing", async () => {
    const h = await user(hairdresser);
    const before = await h.all();
    const turn = await h.say("when am i at mrs pattersons again?");
    expect(turn.text.toLowerCase()).toContain("patterson");
    expect(changedSince(before, await h.all())).toEqual([]);
  });
});

describe("adds with why in them", () => {
  it.each([
    ["ring mum tomorrow, its her birthday week and i was rubbish last year", "Ring mum", null],
    ["need to order more foils by weds for work, quite urgent hun im nearly out", "Order more foils", "high"],
    ["every tuesday i gotta collect subs at training, can u add that so i stop forgetting", "Collect subs at training", null],
  ])("'%s' adds '%s' alone", async (said, title, priority) => {
    const h = await user(hairdresser);
    const before = await h.all();
    await h.say(said);
    const added = changedSince(before, await h.all());
    expect(added.map((t) => t.title)).toEqual([title]);
    if (priority) expect(added[0]?.priority).toBe(priority);
  });

  it("'oh hang on, i only paid half of it' adds no 'Hang'", async () => {
    const h = await user(hairdresser);
    const before = await h.all();
    await h.say("oh hang on, i only paid half of it");
    expect(changedSince(before, await h.all())).toEqual([]);
  });
});
