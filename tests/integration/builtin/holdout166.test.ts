/**
 * Rules of the w28 probes (holdout166–173): a deed, then what happened (DEED-THEN-TELLING); chores said by their
 * result ("bold st's struck", "honey all jarred"); a booking's place and day; idioms of a deed ("done n dusted",
 * "had a look at"); a why after a change with a day of its own; a day a task already has; adds with the list
 * first; a question, then why it is asked (docs/agent.md "Deeds then tellings, lists first (issue 24, w28)").
 * Each runs whole turns over the real tools and database.
 */
import { describe, expect, it } from "vitest";
import { changedSince, Harness, type SeedTask, workAndHome } from "./harness";

const trades: SeedTask[] = [
  { title: "Cancel Virgin broadband at old flat", due: 2, list: "Home" },
  { title: "Van MOT", due: 3, list: "Work" },
  { title: "Strike scaff at Bold St", due: 0, list: "Work" },
  { title: "Jar up the heather honey", list: "Home" },
  { title: "Book Mia's jabs", list: "Home" },
  { title: "Laminate phonics flashcards for Year 1", due: 1, list: "Work" },
  { title: "Photocopy nativity play scripts", due: 2, list: "Work" },
  { title: "Check Hollybrook rota for Christmas tree shifts", due: 3, list: "Work" },
  { title: "Ring Margaret re Christmas lunch", due: 1, list: "Home" },
];
const agent: SeedTask[] = [
  { title: "Valuation at 14 Beech Road", due: 2, list: "Work" },
  { title: "Book removal van", list: "Home" },
  { title: "Sort mortgage paperwork for new house", due: 6, list: "Home" },
  { title: "Viewing with the Kapoors", due: 2, list: "Work" },
];

/** A user with the lists Work and Home and these tasks. */
const user = workAndHome;

async function ticked(tasks: SeedTask[], said: string): Promise<string[]> {
  const h = await user(tasks);
  const before = await h.all();
  await h.say(said);
  return changedSince(before, await h.all()).map((t) => `${t.title}: ${t.status}`);
}

describe("a deed, then what happened (rule DEED-THEN-TELLING)", () => {
  it.each([
    ["broadband cancelled, the guy on the phone tried to upsell me for 20 mins lol", "Cancel Virgin broadband at old flat"],
    ["broadband's cancelled, felt like i was on hold all morning", "Cancel Virgin broadband at old flat"],
    ["van passed its mot 🙌 only needed a bulb, £40 job done", "Van MOT"],
    ["vans passed its mot, only needed a wiper blade", "Van MOT"],
    ["bold st's struck, lads were flying this morning", "Strike scaff at Bold St"],
    ["heather honey all jarred!! kitchen floor is a disaster", "Jar up the heather honey"],
    ["mias jabs are booked in at the surgery for the 14th, jodie sorted it", "Book Mia's jabs"],
    ["flashcards for yr1 - done. mr patel was well chuffed", "Laminate phonics flashcards for Year 1"],
    ["nativity copying done n dusted, copier only broke down once", "Photocopy nativity play scripts"],
    ["had a look at the hollybrook rota", "Check Hollybrook rota for Christmas tree shifts"],
  ])("'%s' ticks off '%s' and nothing else", async (said, title) => {
    expect(await ticked(trades, said)).toEqual([`${title}: completed`]);
  });

  it.each(["broadband cancelled, need to ring margaret about christmas too", "broadband cancelled, wanted to keep it but no"])(
    "'%s' never ticks or moves Margaret",
    async (said) => {
      const changed = await ticked(trades, said);
      expect(changed.filter((c) => c.startsWith("Ring Margaret"))).toEqual([]);
    },
  );
});

describe("a change, then why", () => {
  const dayOf = async (said: string, title: string) => {
    const h = await user(agent);
    const before = await h.all();
    await h.say(said);
    const changed = changedSince(before, await h.all());
    expect(changed.map((t) => t.title)).toEqual([title]);
    return new Date(changed[0]!.dueAt!).getUTCDay();
  };

  it("'push the beech road valuation to thursday, vendor's stuck in london till wed' moves it to Thursday", async () => {
    expect(await dayOf("push the beech road valuation to thursday, vendor's stuck in london till wed", "Valuation at 14 Beech Road")).toBe(
      4,
    );
  });

  it("'the removal van needs booking by wednesday latest, …' is due Wednesday", async () => {
    expect(await dayOf("the removal van needs booking by wednesday latest, everyone gets booked up before xmas", "Book removal van")).toBe(
      3,
    );
  });

  it("'mortgage stuff is urgent now, dan says … so need it done asap' makes it high priority", async () => {
    const h = await user(agent);
    await h.say("mortgage stuff is urgent now, dan says the rate changes friday so need it done asap");
    const mortgage = (await h.all()).find((t) => t.title.startsWith("Sort mortgage"));
    expect(mortgage?.priority).toBe("high");
  });

  it("'actually make that friday, the fair's on saturday' after an add moves the new task", async () => {
    const h = await user(agent);
    await h.say("add sort the tombola prizes for thursday");
    await h.say("actually make that friday, the fair's on saturday");
    const tombola = (await h.all()).find((t) => /tombola/i.test(t.title));
    expect(new Date(tombola!.dueAt!).getUTCDay()).toBe(5);
  });

  it("'oxalic still on for wednesday, …' of a task due Wednesday at noon changes nothing", async () => {
    const h = await Harness.create({ seedAtNoonUtc: true });
    await h.createList("Home");
    await h.seed({ title: "Oxalic acid treatment on the hives", due: 3, list: "Home" });
    const before = await h.all();
    await h.say("oxalic still on for wednesday, forecast says cold and dry so fingers crossed it holds");
    // The fields a user sees (the evals' harm check), not when the row was last written.
    const seen = (tasks: Awaited<ReturnType<typeof h.all>>) => tasks.map((t) => ({ ...t, updatedAt: undefined }));
    expect(seen(await h.all())).toEqual(seen(before));
  });
});

describe("adds with the list first", () => {
  const added = async (said: string) => {
    const h = await user(agent);
    const before = await h.all();
    await h.say(said);
    return changedSince(before, await h.all()).map((t) => [t.title, t.priority, t.list?.name ?? null]);
  };

  it("'new one for work, low priority: sort the invoices for the walton job'", async () => {
    expect(await added("new one for work, low priority: sort the invoices for the walton job")).toEqual([
      ["Sort the invoices for the walton job", "low", "Work"],
    ]);
  });

  it("'stick on the home list - ring the landlord about the damp, its urgent, its getting worse'", async () => {
    expect(await added("stick on the home list - ring the landlord about the damp, its urgent, its getting worse")).toEqual([
      ["Ring the landlord about the damp", "high", "Home"],
    ]);
  });

  it("'put on my work list: call back mr hughes about the bungalow' goes on Work", async () => {
    expect(await added("put on my work list: call back mr hughes about the bungalow")).toEqual([
      ["Call back mr hughes about the bungalow", "medium", "Work"],
    ]);
  });

  it("a school year is no date: 'add mark the year 2 spelling tests'", async () => {
    const h = await user(agent);
    const before = await h.all();
    await h.say("add mark the year 2 spelling tests");
    const made = changedSince(before, await h.all());
    expect(made.map((t) => [t.title, t.dueAt])).toEqual([["Mark the year 2 spelling tests", null]]);
  });
});

describe("harms of the unseen sets (holdout170–173)", () => {
  it.each([
    // How long a job takes, said with its day, is no move.
    "ugh the year 7 trolley is gonna take all day tues, half of them have got cracked screens",
    // A musing with dropped g's ("thinkin", "doin") is no task.
    "thinkin about doin wee veg boxes for the neighbours next summer, we'll see how the crop goes",
  ])("'%s' changes nothing", async (said) => {
    const h = await user([{ title: "Reimage Year 7 laptop trolley", due: 2, list: "Work" }]);
    const before = await h.all();
    await h.say(said);
    expect(changedSince(before, await h.all())).toEqual([]);
  });

  const added = async (said: string) => {
    const h = await user([]);
    await h.say(said);
    return (await h.all()).map((t) => [t.title, t.priority, t.list?.name ?? null, t.recurrence?.rule ?? null]);
  };

  it("'every monday i need to do the cellar stock count, can u add that on work' adds one weekly task", async () => {
    expect(await added("every monday i need to do the cellar stock count, can u add that on work")).toEqual([
      ["Do the cellar stock count", "medium", "Work", "FREQ=WEEKLY;BYDAY=MO"],
    ]);
  });

  it("'new one for home - sort dentist for me n poppy, low priority, just sometime in the new year' adds one task", async () => {
    expect(await added("new one for home - sort dentist for me n poppy, low priority, just sometime in the new year")).toEqual([
      ["Sort dentist for me and poppy", "low", "Home", null],
    ]);
  });

  it("'put on me home list: get milk n bread, and ring our mam next sunday' adds two chores to Home", async () => {
    const made = await added("put on me home list: get milk n bread, and ring our mam next sunday");
    expect(made.map(([title, , list]) => [title, list]).sort()).toEqual([
      ["Get milk and bread", "Home"],
      ["Ring our mam", "Home"],
    ]);
  });
});

describe("more of the fixed-against sets", () => {
  it("'kingsbridge market's only every other saturday now, can u change my stall to match' never renames the stall 'Match'", async () => {
    const h = await user([{ title: "Honey stall at Kingsbridge market", due: 6, list: "Home", recurrence: "FREQ=WEEKLY;BYDAY=SA" }]);
    await h.say("kingsbridge market's only every other saturday now till spring, can u change my stall to match");
    expect((await h.all()).map((t) => t.title)).toEqual(["Honey stall at Kingsbridge market"]);
  });

  it("'when was i meant to do the fondant order?' finds it; 'ah ok, did it yesterday actually, tick it off' ticks it", async () => {
    const h = await user([{ title: "Order fondant for the bees", due: 1, list: "Home" }, ...agent]);
    const before = await h.all();
    const asked = await h.say("when was i meant to do the fondant order?");
    expect(asked.text).toContain("Order fondant for the bees");
    expect(changedSince(before, await h.all())).toEqual([]);
    await h.say("ah ok, did it yesterday actually, tick it off");
    expect(changedSince(before, await h.all()).map((t) => `${t.title}: ${t.status}`)).toEqual(["Order fondant for the bees: completed"]);
  });

  it("'i'm doing after school club every wednesday now, add that as a repeating one' adds a weekly club", async () => {
    const h = await user([]);
    await h.say("i'm doing after school club every wednesday now, add that as a repeating one");
    expect((await h.all()).map((t) => [t.title, t.recurrence?.rule])).toEqual([["After school club", "FREQ=WEEKLY;BYDAY=WE"]]);
  });
});

describe("a question, then why it is asked (rule REMARK-AFTER-QUESTION)", () => {
  it.each(["when's the kapoor viewing again? lost track", "when's the kapoor viewing? trying to work out my week"])(
    "'%s' looks the viewing up and changes nothing",
    async (said) => {
      const h = await user(agent);
      const before = await h.all();
      const turn = await h.say(said);
      expect(turn.text.toLowerCase()).toContain("kapoor");
      expect(changedSince(before, await h.all())).toEqual([]);
    },
  );
});
