import { describe, it, expect } from "vitest";
import { once } from "./harness";
import { LOOKUP, expectCalls, type Expected } from "./expect-calls";

// Clock: Sunday 2026-11-22 15:05 in Europe/Berlin.
const TOMORROW = "2026-11-23";
const TODAY = "2026-11-22";

const cases: Array<[string, Expected[]]> = [
  ["add a task to walk the dog", [{ toolName: "add_task", input: { title: "Walk the dog", due: undefined } }]],
  ["create a task: buy a birthday card", [{ toolName: "add_task", input: { title: "Buy a birthday card" } }]],
  ["remind me to take out the trash tomorrow", [LOOKUP, { toolName: "add_task", input: { title: "Take out the trash", due: TOMORROW } }]],
  ["I need to renew my library books", [LOOKUP, { toolName: "add_task", input: { title: "Renew my library books" } }]],
  ["add a high priority task to call the landlord", [{ toolName: "add_task", input: { title: "Call the landlord", priority: "high" } }]],
  ["add organise the bookshelf with low priority", [{ toolName: "add_task", input: { title: "Organise the bookshelf", priority: "low" } }]],
  ["add send the report in 2 days", [{ toolName: "add_task", input: { title: "Send the report", due: "2026-11-24" } }]],
  ["add buy flowers by Saturday", [{ toolName: "add_task", input: { title: "Buy flowers", due: "2026-11-28" } }]],
  [
    "add a task called fix the bike with the description new inner tube",
    [{ toolName: "add_task", input: { title: "Fix the bike", description: "new inner tube" } }],
  ],
  ['add "prepare the slides" due today', [{ toolName: "add_task", input: { title: "prepare the slides", due: TODAY } }]],
  [
    "add buy bread and pick up the kids",
    [
      { toolName: "add_task", input: { title: "Buy bread" } },
      { toolName: "add_task", input: { title: "Pick up the kids" } },
    ],
  ],
  [
    "add three tasks: wash the car, call mom, pay rent",
    [
      { toolName: "add_task", input: { title: "Wash the car" } },
      { toolName: "add_task", input: { title: "Call mom" } },
      { toolName: "add_task", input: { title: "Pay rent" } },
    ],
  ],
  ["todo: email the accountant", [{ toolName: "add_task", input: { title: "Email the accountant" } }]],
  ["put dentist appointment on my list", [{ toolName: "add_task", input: { title: "Dentist appointment" } }]],
  ["don't let me forget to water the plants", [LOOKUP, { toolName: "add_task", input: { title: "Water the plants" } }]],
  ["I need to file my taxes by Friday", [LOOKUP, { toolName: "add_task", input: { title: "File my taxes", due: "2026-11-27" } }]],
  ["create a high priority task: renew passport", [{ toolName: "add_task", input: { title: "Renew passport", priority: "high" } }]],
  ["add call mom and dad tomorrow", [{ toolName: "add_task", input: { title: "Call mom and dad", due: TOMORROW } }]],
  ["add buy salt and pepper", [{ toolName: "add_task", input: { title: "Buy salt and pepper" } }]],
  [
    "remind me to call the bank at 3pm tomorrow",
    [LOOKUP, { toolName: "add_task", input: { title: "Call the bank", due: "2026-11-23T15:00:00" } }],
  ],
  [
    "please add pay the electricity bill next week",
    [{ toolName: "add_task", input: { title: "Pay the electricity bill", due: "2026-11-29" } }],
  ],
  ["urgent: submit the visa form", [LOOKUP, { toolName: "add_task", input: { title: "Submit the visa form", priority: "high" } }]],
  ["add clean the garage someday", [{ toolName: "add_task", input: { title: "Clean the garage", priority: "low" } }]],
  ["add book flights, it's important", [{ toolName: "add_task", input: { title: "Book flights", priority: "high" } }]],
  [
    // A reminder at a time looks for the task first (it may be one the user has), then sets it.
    "can you add a reminder to feed the cat tonight?",
    [LOOKUP, { toolName: "add_task", input: { title: "Feed the cat", due: `${TODAY}T20:00:00`, remindAt: `${TODAY}T20:00:00` } }],
  ],
  ["new task: prepare presentation for Monday", [{ toolName: "add_task", input: { title: "Prepare presentation", due: TOMORROW } }]],
  [
    "I have to pick up the dry cleaning this evening",
    [LOOKUP, { toolName: "add_task", input: { title: "Pick up the dry cleaning", due: `${TODAY}T19:00:00` } }],
  ],
  ["add get groceries in 3 days", [{ toolName: "add_task", input: { title: "Get groceries", due: "2026-11-25" } }]],
  ["add buy milk asap", [{ toolName: "add_task", input: { title: "Buy milk", priority: "high" } }]],
  ["add a medium priority task to sort the mail", [{ toolName: "add_task", input: { title: "Sort the mail", priority: "medium" } }]],
  // "the dentist" may be a task the user has (planner.ts junkAdd): the model looks first, then adds.
  [
    "remind me about the dentist on Thursday",
    [
      { toolName: "list_tasks", input: { limit: 100 } },
      { toolName: "add_task", input: { title: /dentist/i, due: "2026-11-26" } },
    ],
  ],
  ["add pay rent on December 1st", [{ toolName: "add_task", input: { title: "Pay rent", due: "2026-12-01" } }]],
  ["add renew insurance due 2026-12-15", [{ toolName: "add_task", input: { title: "Renew insurance", due: "2026-12-15" } }]],
  ["buy milk tomorrow", [LOOKUP, { toolName: "add_task", input: { title: "Buy milk", due: TOMORROW } }]],
  ["call the plumber", [LOOKUP, { toolName: "add_task", input: { title: "Call the plumber" } }]],
  [
    "add write report with notes: include Q3 numbers",
    [{ toolName: "add_task", input: { title: "Write report", description: "include Q3 numbers" } }],
  ],
  [
    "could you put 'book the venue' on the list for next Friday",
    [{ toolName: "add_task", input: { title: "book the venue", due: "2026-11-27" } }],
  ],
  ["I should back up my laptop this week", [LOOKUP, { toolName: "add_task", input: { title: "Back up my laptop", due: "2026-11-27" } }]],
  [
    "add 2 tasks: buy stamps and post the letter",
    [
      { toolName: "add_task", input: { title: "Buy stamps" } },
      { toolName: "add_task", input: { title: "Post the letter" } },
    ],
  ],
  [
    "jot down: return the library book by the 30th",
    [{ toolName: "add_task", input: { title: "Return the library book", due: "2026-11-30" } }],
  ],
  ["add mow the lawn on the weekend", [{ toolName: "add_task", input: { title: "Mow the lawn", due: TODAY } }]],
  ["add Email Bob about the Q3 report", [{ toolName: "add_task", input: { title: "Email Bob about the Q3 report" } }]],
  ["remind me to stretch in 2 hours", [LOOKUP, { toolName: "add_task", input: { title: "Stretch", due: "2026-11-22T17:05:00" } }]],
  [
    "add task renew gym membership, low priority, due end of month",
    [{ toolName: "add_task", input: { title: "Renew gym membership", priority: "low", due: "2026-11-30" } }],
  ],
  ["make a note to call the vet", [{ toolName: "add_task", input: { title: "Call the vet" } }]],
  [
    "add buy a gift for Anna the day after tomorrow",
    [{ toolName: "add_task", input: { title: "Buy a gift for Anna", due: "2026-11-24" } }],
  ],
];

describe("add intents", () => {
  for (const [say, expected] of cases) {
    it(say, async () => {
      const t = await once(say);
      expectCalls(t.calls, expected);
      expect(t.text).toMatch(/^Added /);
    });
  }

  it("confirms with the due date in words", async () => {
    const t = await once("remind me to call mom tomorrow");
    expect(t.text).toBe("Added 'Call mom', due tomorrow, reminder tomorrow at 9 am.");
  });

  it("asks for a title when none is given", async () => {
    const t = await once("add a task");
    expect(t.calls).toEqual([]);
    expect(t.text).toMatch(/\?/);
  });

  it("takes the answer to 'what should the new task be?' as the title", async () => {
    const { h } = await once("create a new task");
    const t = await h.say("buy batteries tomorrow");
    expectCalls(t.calls, [{ toolName: "add_task", input: { title: "Buy batteries", due: TOMORROW } }]);
  });
});

describe("more add phrasing", () => {
  const more: Array<[string, Expected[]]> = [
    ["todo call bob", [{ toolName: "add_task", input: { title: "Call bob" } }]],
    ["I must not forget to pay rent on the 1st", [LOOKUP, { toolName: "add_task", input: { title: "Pay rent", due: "2026-12-01" } }]],
    [
      "add task: Pay rent. Due: tomorrow. Priority: high",
      [{ toolName: "add_task", input: { title: "Pay rent", due: TOMORROW, priority: "high" } }],
    ],
    [
      "add three things to my list: milk, bread and cheese",
      [
        { toolName: "add_task", input: { title: "Milk" } },
        { toolName: "add_task", input: { title: "Bread" } },
        { toolName: "add_task", input: { title: "Cheese" } },
      ],
    ],
    [
      "please add these: stamps, envelopes",
      [
        { toolName: "add_task", input: { title: "Stamps" } },
        { toolName: "add_task", input: { title: "Envelopes" } },
      ],
    ],
    [
      "Remind me on Friday to submit the timesheet",
      [LOOKUP, { toolName: "add_task", input: { title: "Submit the timesheet", due: "2026-11-27" } }],
    ],
    ["create a task for tomorrow: call the school", [{ toolName: "add_task", input: { title: "Call the school", due: TOMORROW } }]],
    ['Add "Call Bob" tomorrow at 9', [{ toolName: "add_task", input: { title: "Call Bob", due: "2026-11-23T09:00:00" } }]],
  ];
  for (const [say, expected] of more) {
    it(say, async () => {
      const t = await once(say);
      expectCalls(t.calls, expected);
    });
  }
});
