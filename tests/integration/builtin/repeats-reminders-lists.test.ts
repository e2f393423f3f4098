import { describe, expect, it } from "vitest";
import { Harness, once } from "./harness";
import { LOOKUP, expectCalls, type Expected } from "./expect-calls";

// Clock: Sunday 2026-11-22 15:05 in Europe/Berlin.
const adds: Array<[string, Expected[]]> = [
  [
    "add water the plants every sunday at 9am",
    [{ toolName: "add_task", input: { title: "Water the plants", recurrence: "FREQ=WEEKLY;BYDAY=SU", due: "2026-11-29T09:00:00" } }],
  ],
  [
    "pay rent on the 1st of every month",
    [LOOKUP, { toolName: "add_task", input: { title: "Pay rent", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1", due: undefined } }],
  ],
  [
    "water the plants every day",
    [LOOKUP, { toolName: "add_task", input: { title: "Water the plants", recurrence: "FREQ=DAILY", due: undefined } }],
  ],
  [
    "remind me at 5pm to call mom",
    [LOOKUP, { toolName: "add_task", input: { title: "Call mom", due: "2026-11-22T17:00:00", remindAt: "2026-11-22T17:00:00" } }],
  ],
  [
    "remind me to call mom tomorrow",
    [LOOKUP, { toolName: "add_task", input: { title: "Call mom", due: "2026-11-23", remindAt: "2026-11-23T09:00:00" } }],
  ],
  [
    "add call the dentist tomorrow at 10am, remind me 30 minutes before",
    [{ toolName: "add_task", input: { title: "Call the dentist", due: "2026-11-23T10:00:00", remindAt: "2026-11-23T09:30:00" } }],
  ],
  ["add buy stamps #errands", [{ toolName: "add_task", input: { title: "Buy stamps", labels: ["errands"] } }]],
];

describe("built-in model: repeats, reminders, labels in an add", () => {
  for (const [say, expected] of adds) {
    it(say, async () => {
      const turn = await once(say);
      expectCalls(turn.calls, expected);
    });
  }
});

describe("built-in model: changing a repeating task", () => {
  const seed = { tasks: [{ title: "Water the plants" }] };
  const cases: Array<[string, Expected[]]> = [
    ["stop repeating the plants task", [{ toolName: "update_task", input: { task: /plants/i, clearRecurrence: true } }]],
    ["skip the plants this week", [{ toolName: "update_task", input: { task: /plants/i, skipOccurrence: true } }]],
  ];
  for (const [say, expected] of cases) {
    it(say, async () => {
      const turn = await once(say, seed);
      expectCalls(turn.calls, expected);
    });
  }
});

describe("built-in model: lists and labels", () => {
  const cases: Array<[string, Expected[]]> = [
    ["add milk to the groceries list", [{ toolName: "add_task", input: { title: "Milk", list: "groceries" } }]],
    ["add batteries to my todo list", [{ toolName: "add_task", input: { title: "Batteries", list: undefined } }]],
    ["show my groceries list", [{ toolName: "list_tasks", input: { list: "groceries" } }]],
    ["what's on my list?", [{ toolName: "list_tasks", input: { list: undefined } }]],
    ["what's tagged urgent?", [{ toolName: "list_tasks", input: { label: "urgent" } }]],
    ["what's in #errands?", [{ toolName: "list_tasks", input: { label: "errands" } }]],
  ];
  for (const [say, expected] of cases) {
    it(say, async () => {
      const turn = await once(say);
      expectCalls(turn.calls, expected);
    });
  }
  it("what's in groceries? asks for the list, then (no such list) the label, then tasks about it", async () => {
    const turn = await once("what's in groceries?");
    expect(turn.calls[0]).toMatchObject({ toolName: "list_tasks", input: { list: "groceries" } });
    expect(turn.calls.some((c) => c.input.label === "groceries")).toBe(true);
    expect(turn.calls.every((c) => c.toolName === "list_tasks")).toBe(true);
  });
});

describe("built-in model: repeating tasks in a conversation", () => {
  it("'skip this one' after the list skips the repeating task shown, and says when it is next due", async () => {
    const h = await Harness.create({ tasks: [{ title: "Water the plants", recurrence: "FREQ=WEEKLY;BYDAY=SU" }] });
    await h.say("show my tasks");
    const plants = (await h.all())[0]!;
    const turn = await h.say("skip this one");
    expectCalls(turn.calls, [{ toolName: "update_task", input: { task: plants.id, skipOccurrence: true } }]);
    expect(turn.text).toMatch(/skipped.*plants.*next due/i);
    expect((await h.all())[0]!.dueAt).not.toBe(plants.dueAt);
  });

  it("'stop repeating' says the task no longer repeats", async () => {
    const h = await Harness.create({ tasks: [{ title: "Water the plants", recurrence: "FREQ=WEEKLY;BYDAY=SU" }] });
    const turn = await h.say("stop repeating the plants task");
    expect(turn.text).toMatch(/plants.*no longer repeats/i);
  });

  it("a repeating add says how it repeats", async () => {
    const turn = await once("add gym every monday and thursday at 7am");
    expectCalls(turn.calls, [
      { toolName: "add_task", input: { title: "Gym", recurrence: "FREQ=WEEKLY;BYDAY=MO,TH", due: "2026-11-23T07:00:00" } },
    ]);
    expect(turn.text).toMatch(/repeats every monday and thursday/i);
  });
});

describe("built-in model: a list that does not exist", () => {
  it("is not created on the side: nothing is added and the reply names the list", async () => {
    const turn = await once("add milk to the groceries list");
    expectCalls(turn.calls, [{ toolName: "add_task", input: { title: "Milk", list: "groceries" } }]);
    expect(turn.text).toMatch(/no 'groceries' list yet/i);
    expect(await turn.h.all()).toHaveLength(0);
  });
});

describe("built-in model: a reminder before a task that already exists", () => {
  // Clock: Sunday 2026-11-22 15:05 in Europe/Berlin; the standup is due tomorrow at 09:00 there.
  async function withStandup() {
    const h = await Harness.create({ tasks: [{ title: "Dentist appointment" }] });
    await h.say("add standup tomorrow at 9am");
    return h;
  }

  for (const say of [
    "remind me 30 minutes before the standup",
    "remind me about the standup 30 minutes before",
    "ping me half an hour before standup",
    "can you remind me 30 minutes before my standup?",
  ]) {
    it(`${say}: sets the reminder on that task, adds nothing`, async () => {
      const h = await withStandup();
      const turn = await h.say(say);
      expectCalls(turn.calls, [{ toolName: "update_task", input: { task: /standup/i, remindBefore: 30 } }]);
      const tasks = await h.all();
      expect(tasks).toHaveLength(2);
      expect(new Date(tasks.find((t) => t.title === "Standup")!.remindAt!).toISOString()).toBe("2026-11-23T07:30:00.000Z");
      expect(turn.text).toContain("I'll remind you tomorrow at 8:30 am");
    });
  }

  it("a task without a due time: nothing changes, it asks when it is due, and the answer sets both", async () => {
    const h = await withStandup();
    const asked = await h.say("remind me an hour before the dentist");
    expect(asked.text).toBe("'Dentist appointment' has no due time yet, so I can't remind you 1 hour before it. When is it due?");
    expect((await h.task("dentist"))?.remindAt ?? null).toBeNull();
    expect(await h.all()).toHaveLength(2);

    const answered = await h.say("friday at 3pm");
    expectCalls(answered.calls, [
      { toolName: "update_task", input: { task: "Dentist appointment", due: "2026-11-27T15:00:00", remindBefore: 60 } },
    ]);
    const dentist = await h.task("dentist");
    expect(new Date(dentist!.remindAt!).toISOString()).toBe("2026-11-27T13:00:00.000Z");
  });

  it("a task that is not on the list: nothing is added", async () => {
    const h = await withStandup();
    const turn = await h.say("remind me 30 minutes before the board meeting");
    expect(turn.text).toContain("couldn't find a task matching");
    expect(await h.all()).toHaveLength(2);
  });

  it("an add with 'remind me an hour before' and no due time: added, and it asks; the answer sets due and reminder", async () => {
    const h = await Harness.create({});
    const added = await h.say("add call mom and remind me an hour before");
    expectCalls(added.calls, [{ toolName: "add_task", input: { title: "Call mom", remindAt: undefined } }]);
    expect(added.text).toBe("Added 'Call mom'. 'Call mom' has no due time yet, so I can't remind you 1 hour before it. When is it due?");
    const answered = await h.say("friday at 3pm");
    expectCalls(answered.calls, [{ toolName: "update_task", input: { task: "Call mom", due: "2026-11-27T15:00:00", remindBefore: 60 } }]);
  });

  it("a day without a time: it asks what time, and a bare time keeps the day", async () => {
    const h = await Harness.create({});
    const added = await h.say("add pay bills tomorrow, remind me 30 minutes before");
    expect(added.text).toContain(
      "'Pay bills' is due tomorrow but not at a time, so I can't remind you 30 minutes before it. What time is it due?",
    );
    const answered = await h.say("at 5pm");
    expectCalls(answered.calls, [{ toolName: "update_task", input: { task: "Pay bills", due: "2026-11-23T17:00:00", remindBefore: 30 } }]);
    expect(new Date((await h.task("pay bills"))!.remindAt!).toISOString()).toBe("2026-11-23T15:30:00.000Z");
  });
});

describe("built-in model: 'a day' is not a date on its own", () => {
  for (const [say, title] of [
    ["add an apple a day", "Apple a day"],
    ["add a day at the beach", "Day at the beach"],
  ] as const) {
    it(say, async () => {
      const turn = await once(say);
      expectCalls(turn.calls, [{ toolName: "add_task", input: { title, due: undefined } }]);
    });
  }
  it("'in a day' still is", async () => {
    const turn = await once("add call the plumber in a day");
    expectCalls(turn.calls, [{ toolName: "add_task", input: { title: "Call the plumber", due: "2026-11-23" } }]);
  });
});
