/**
 * Rules of the w30 probes (holdout178–181): the harms (a statement "X is urgent, …" with words that are no reason,
 * a remark between two needs, "for its service" read as a tag), deeds told by their result ("beds done in 2 n 3",
 * "shower's fixed", "booked in at the surgery", "rang back"), priorities said once for several items, leads that
 * say how much it matters or how often, "<someone> needs new …", reasons with a day of their own. Each runs whole
 * turns over the real tools and database (docs/agent.md "Results, needs and shared slots (issue 24, w30)").
 */
import { describe, expect, it } from "vitest";
import { changesAfter, type SeedTask, workAndHome } from "./harness";

const bnb: SeedTask[] = [
  { title: "Change beds in rooms 2 and 3", due: 1, list: "Work" },
  { title: "Order breakfast stuff from farm shop", due: 3, list: "Work" },
  { title: "Pay Kerra's school trip money", due: 4, list: "Home" },
  { title: "Get plumber for dripping shower in room 1", due: 2, list: "Work" },
  { title: "Take liferaft in for service", due: 6, list: "Home" },
  { title: "Book MRCP Part 2 slot", due: 5, list: "Work" },
];
const school: SeedTask[] = [
  { title: "Email Ms Okafor re exam access arrangements", due: 1, list: "Work" },
  { title: "Pay school dinner money (ParentPay)", due: 1, list: "Home" },
  { title: "Book flu jab for Alfie" },
  { title: "Chase CAMHS referral for Tyler (Y7)", due: 2, list: "Work" },
  { title: "Swimming club - Maisie & Alfie", due: 3, list: "Home" },
];

const changes = changesAfter;

describe("harms of the new sets: nothing the message did not ask for", () => {
  it("'mrcp booking is urgent, blah blah random' adds no task and changes none", async () => {
    expect(await changes(bnb, "mrcp booking is urgent, blah blah random")).toEqual([]);
  });

  it("'the boiler needs a service' beside 'Book boiler service' adds no twin", async () => {
    expect(await changes([{ title: "Book boiler service", due: 3 }], "the boiler needs a service")).toEqual([]);
  });

  it("'jory needs new rugby boots, his toes are out the end of em, and kerra wants a lift …' adds no task of the toes", async () => {
    const made = await changes(
      bnb,
      "jory needs new rugby boots, his toes are out the end of em, and kerra wants a lift to truro sat for her mate's 16th",
    );
    expect(made.filter((t) => /toes/i.test(t.title))).toEqual([]);
    expect(made.every((t) => !bnb.some((s) => s.title === t.title))).toBe(true);
  });

  it("'the liferaft's dropped off for its service' tags nothing", async () => {
    const made = await changes(bnb, "the liferaft's dropped off for its service");
    expect(made.filter((t) => (t.labels ?? []).length > 0)).toEqual([]);
  });
});

describe("deeds told by what they left", () => {
  it.each([
    ["beds done in 2 n 3 finally, me back is killin me", "Change beds in rooms 2 and 3"],
    ["beds done in rooms 2 and 3", "Change beds in rooms 2 and 3"],
    [
      "shower in room 1's fixed, kev from mousehole came out n swapped the cartridge thing, no more drip thank god",
      "Get plumber for dripping shower in room 1",
    ],
    ["the shower is fixed", "Get plumber for dripping shower in room 1"],
  ])("'%s' ticks off '%s' and nothing else", async (said, title) => {
    const made = await changes(bnb, said);
    expect(made.map((t) => [t.title, t.status])).toEqual([[title, "completed"]]);
  });

  it.each([
    ["alfie's flu jab booked in at the surgery", "Book flu jab for Alfie"],
    ["flu jab's booked at the surgery", "Book flu jab for Alfie"],
    ["camhs rang back re tyler", "Chase CAMHS referral for Tyler (Y7)"],
  ])("'%s' ticks off '%s' and nothing else", async (said, title) => {
    const made = await changes(school, said);
    expect(made.map((t) => [t.title, t.status])).toEqual([[title, "completed"]]);
  });

  it.each([
    ["pete did the gas check", "Gas safety check for B&B"],
    ["farm shop order's gone in, sue said they'll drop it weds with the eggs", "Order breakfast stuff from farm shop"],
  ])("'%s' ticks off '%s' and nothing else", async (said, title) => {
    const made = await changes([...bnb, { title: "Gas safety check for B&B", due: 12, list: "Work" }], said);
    expect(made.map((t) => [t.title, t.status])).toEqual([[title, "completed"]]);
  });

  it("'did i put the farm shop order on for weds?' then 'ok just rang em n ordered, tick it off' ticks the order off", async () => {
    const made = await changes(bnb, "did i put the farm shop order on for weds?", "ok just rang em n ordered, tick it off");
    expect(made.map((t) => [t.title, t.status])).toEqual([["Order breakfast stuff from farm shop", "completed"]]);
  });

  it("'did i do the okafor email?' then 'oh i did, fri after period 5, tick it off' ticks it off", async () => {
    const made = await changes(school, "did i do the okafor email?", "oh i did, fri after period 5, tick it off");
    expect(made.map((t) => [t.title, t.status])).toEqual([["Email Ms Okafor re exam access arrangements", "completed"]]);
  });
});

describe("how much it matters, said once or said first", () => {
  it.each([
    "kerra's trip money not fussed bout it really, school said they'll take it right up till the end of term",
    "not fussed bout kerra's trip money really",
  ])("'%s' makes the trip money low priority", async (said) => {
    const made = await changes(bnb, said);
    expect(made.map((t) => [t.title, t.priority])).toEqual([["Pay Kerra's school trip money", "low"]]);
  });

  it("'kerra's not fussed about the trip' is her mind: nothing changes", async () => {
    expect(await changes(bnb, "kerra's not fussed about the trip")).toEqual([]);
  });

  it("'on the work list pls: top up …, and reprint … . no rush on either' adds both to Work, low priority", async () => {
    const made = await changes(
      bnb,
      "on the work list pls: top up the honesty box float, and reprint the breakfast menus. no rush on either",
    );
    expect(made.map((t) => [t.title, t.list?.name ?? null, t.priority]).sort()).toEqual([
      ["Reprint the breakfast menus", "Work", "low"],
      ["Top up the honesty box float", "Work", "low"],
    ]);
  });

  it("'add ring the landlord and fix the gate. both urgent' adds both, high priority", async () => {
    const made = await changes([], "add ring the landlord and fix the gate. both urgent");
    expect(made.map((t) => [t.title, t.priority]).sort()).toEqual([
      ["Fix the gate", "high"],
      ["Ring the landlord", "high"],
    ]);
  });

  it("'low priority whenever i get a min: write the kids xmas lists out for nana' adds it, low priority", async () => {
    const made = await changes(school, "low priority whenever i get a min: write the kids xmas lists out for nana");
    expect(made.map((t) => [t.title, t.priority])).toEqual([["Write the kids xmas lists out for nana", "low"]]);
  });

  it("'okafor email is urgent now, exams office want the names by tues or …' makes it high and keeps its day", async () => {
    const made = await changes(school, "okafor email is urgent now, exams office want the names by tues or we miss the jcq deadline");
    expect(made.map((t) => [t.title, t.priority, t.dueAt?.slice(0, 10)])).toEqual([
      ["Email Ms Okafor re exam access arrangements", "high", "2026-11-23"],
    ]);
  });
});

describe("a change, and why with a day of its own", () => {
  it("'actually make that friday, he dont need em till sat' after an add moves it to Friday", async () => {
    const h = await workAndHome([]);
    await h.say("add pick up rob's oilskins from the menders in newlyn");
    await h.say("actually make that friday, he dont need em till sat");
    expect((await h.all()).map((t) => [t.title, t.dueAt?.slice(0, 10)])).toEqual([
      ["Pick up rob's oilskins from the menders in newlyn", "2026-11-27"],
    ]);
  });

  it("'actually make that fri and high, i need it for kian's' after an add sets both", async () => {
    const h = await workAndHome([]);
    await h.say("add chase EP report from dr sandhu");
    await h.say("actually make that fri and high, i need it for kian's");
    expect((await h.all()).map((t) => [t.priority, t.dueAt?.slice(0, 10)])).toEqual([["high", "2026-11-27"]]);
  });

  it("'dinner money can wait till fri, payday's thurs and the accounts looking grim' moves it to Friday", async () => {
    const made = await changes(school, "dinner money can wait till fri, payday's thurs and the accounts looking grim");
    expect(made.map((t) => [t.title, t.dueAt?.slice(0, 10)])).toEqual([["Pay school dinner money (ParentPay)", "2026-11-27"]]);
  });

  it("'alfie's flu jab should be on the home list not floating about' moves it to Home", async () => {
    const made = await changes(school, "alfie's flu jab should be on the home list not floating about");
    expect(made.map((t) => [t.title, t.list?.name ?? null])).toEqual([["Book flu jab for Alfie", "Home"]]);
  });
});

describe("a task named by its words, never by the initials of another's", () => {
  it("'ear defenders one by fri 11th pls, budget closes then' moves the ear defenders, not 'EHCP annual review …'", async () => {
    const made = await changes(
      [
        { title: "Order ear defenders for the sensory room", list: "Work" },
        { title: "EHCP annual review paperwork - Kian (Y8)", due: 4, list: "Work" },
      ],
      "ear defenders one by fri 11th pls, budget closes then",
    );
    expect(made.map((t) => [t.title, t.dueAt?.slice(0, 10)])).toEqual([["Order ear defenders for the sensory room", "2026-12-11"]]);
  });
});

describe("new tasks in other words", () => {
  it("'two things for work: order ear defenders …, and tidy the SEN office …' adds both to Work", async () => {
    const made = await changes(
      school,
      "two things for work: order ear defenders for the sensory room, and tidy the SEN office before the ofsted visit",
    );
    expect(made.map((t) => [t.title, t.list?.name ?? null]).sort()).toEqual([
      ["Order ear defenders for the sensory room", "Work"],
      ["Tidy the SEN office before the ofsted visit", "Work"],
    ]);
  });

  it("'new repeating one every friday - check in w the ELSA' adds a task repeating on Fridays", async () => {
    const made = await changes([], "new repeating one every friday - check in w the ELSA");
    expect(made.map((t) => [t.title, t.recurrence?.rule])).toEqual([["Check in with the ELSA", "FREQ=WEEKLY;BYDAY=FR"]]);
  });

  it("'alfie needs new trunks before swimming weds, his current ones are …' adds one task due Wednesday", async () => {
    const made = await changes(school, "alfie needs new trunks before swimming weds, his current ones are basically see through lol");
    expect(made.map((t) => [/trunks/i.test(t.title), t.dueAt?.slice(0, 10)])).toEqual([[true, "2026-11-25"]]);
  });

  it("'the car needs new tyres' adds it", async () => {
    const made = await changes(school, "the car needs new tyres");
    expect(made.map((t) => t.title)).toEqual(["The car needs new tyres"]);
  });

  it("'new one for home - dentist for me n poppy, low priority' adds one task", async () => {
    const made = await changes([], "new one for home - dentist for me n poppy, low priority");
    expect(made.map((t) => [t.title, t.priority, t.list?.name ?? null])).toEqual([["Dentist for me and poppy", "low", "Home"]]);
  });

  it("'add reprint the menus and resend the invoice' adds two tasks (a chore done again)", async () => {
    const made = await changes([], "add reprint the menus and resend the invoice");
    expect(made.map((t) => t.title).sort()).toEqual(["Reprint the menus", "Resend the invoice"]);
  });
});

describe("what those rules must not read", () => {
  const others: SeedTask[] = [
    { title: "Pay Kerra's school trip money", due: 4, list: "Home" },
    { title: "Invoice the Hendersons", due: 2, list: "Work" },
    { title: "Chase Sam for the deposit", due: 3, list: "Home" },
    { title: "Gas safety check for B&B", due: 5, list: "Work" },
  ];

  it.each([
    "kerra's not fussed tbh",
    "kerra not bothered about it",
    "the hendersons rang back",
    "sam got back",
    "so did the gas check go ok",
    "tyler needs a lot of support at the moment",
    "remove the last change",
  ])("'%s' changes nothing", async (said) => {
    expect(await changes(others, said)).toEqual([]);
  });

  it("'new one every 2-3 weeks: water the cactus' makes no task with a broken title", async () => {
    const made = await changes([], "new one every 2-3 weeks: water the cactus");
    expect(made.filter((t) => /weeks:/i.test(t.title))).toEqual([]);
  });
});
