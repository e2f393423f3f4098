/** Rule done-verb-fits (lib/agent/builtin/verbs.ts): a deed said done fits a task only through the task's own verb. */
import { describe, expect, it } from "vitest";
import { deedFitsTask } from "@/lib/agent/builtin/verbs";

describe("a deed said done fits a task's own verb", () => {
  it.each([
    ["pay", "Pay rent"],
    ["put", "Take the bins out"],
    ["pick", "Collect the prescription"],
    ["service", "Take the car for its service"],
    ["sort", "Cancel the gym membership"],
    ["renew", "Sort out the car insurance"],
    ["wash", "Car MOT and wash"],
    ["book", "Dentist"],
    ["change", "Change the bed sheets"],
    ["pack", "Pack the suitcase"],
    // "acme invoice sent (off)": an invoice is invoiced by sending it.
    ["send", "Invoice Acme for October"],
  ])("%s fits %s", (deed, title) => expect(deedFitsTask(deed, title)).toBe(true));

  it.each([
    ["pack", "Cancel the gym membership"],
    ["close", "Pay the window cleaner"],
    ["book", "Buy a present for Jo"],
    ["fill", "Renew the railcard"],
    ["change", "Team meeting"],
    ["pack", "Gym"],
    // "swimming lessons paid off" (it was worth it), "lily dropped off" (at school).
    ["pay", "Book swimming lessons"],
    ["drop", "Sign Lily's permission slip"],
  ])("%s does not fit %s", (deed, title) => expect(deedFitsTask(deed, title)).toBe(false));
});
