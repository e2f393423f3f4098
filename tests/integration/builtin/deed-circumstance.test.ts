/**
 * A deed told with when it was done ("… last night", "… on my lunch", "… when i dropped the trailer"): when the
 * tools find no task by the whole phrase, the deed is tried again without it (retries.ts), only for a completion —
 * a change's words say which task ("the meeting at the office") — and never without where ("at home").
 */
import { describe, expect, it } from "vitest";
import { once } from "./harness";

const seed = [
  { title: "Write the new winter menu" },
  { title: "Do the online pesticide training module" },
  { title: "Check the tyre pressures on the trailer" },
  { title: "Send the delivery notes to the office" },
  { title: "Move the team meeting to friday" },
];

describe("a deed with its circumstance", () => {
  it.each([
    ["finished the winter menu last night, went heavy on the pies and a proper sticky toffee pud", "Write the new winter menu"],
    ["finally finished that pesticide module on my lunch, so dull", "Do the online pesticide training module"],
    ["checked the trailer tyres this morning before i set off", "Check the tyre pressures on the trailer"],
    ["handed the delivery notes in to the office when i dropped the trailer", "Send the delivery notes to the office"],
  ])("'%s' completes '%s' and nothing else", async (say, title) => {
    const t = await once(say, { tasks: seed });
    const done = (await t.h.all()).filter((x) => x.status === "completed").map((x) => x.title);
    expect(done).toEqual([title]);
  });

  it("never drops the circumstance of a change: the words name which task", async () => {
    const t = await once("move the review at the office to monday", {
      tasks: [{ title: "Review the budget with Sam" }, { title: "Book the office party" }],
    });
    expect((await t.h.all()).every((x) => x.dueAt === null && x.status === "pending")).toBe(true);
  });

  it.each([
    ["watered the plants at home", "Water the office plants"],
    ["watered the plants at the office", "Water the plants"],
  ])("never drops where: '%s' does not complete '%s'", async (say, title) => {
    const t = await once(say, { tasks: [{ title }] });
    expect((await t.h.all())[0]?.status).toBe("pending");
  });

  it("completes nothing when the deed without its circumstance names no task", async () => {
    const t = await once("painted the fence last night", { tasks: seed });
    expect((await t.h.all()).every((x) => x.status === "pending")).toBe(true);
    expect(t.text).toMatch(/couldn't find/i);
  });
});
