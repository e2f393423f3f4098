/**
 * The panel's plain-text ranges ("treat as plain text") follow the line as it is edited, and a
 * reading's spans become chips that carry exactly the words they came from.
 */
import { describe, expect, it } from "vitest";
import { chipsOf, chipWords, followEdit, shiftRanges, type Parsed } from "@/lib/ui/quick-add";

describe("shiftRanges", () => {
  const line = "pay rent on the 1st high";
  const high = { start: 20, end: 24 };

  it("keeps a range when the edit is after it", () => {
    expect(shiftRanges([high], line, `${line} #home`)).toEqual([high]);
  });
  it("moves a range with an edit before it", () => {
    expect(shiftRanges([high], line, `please ${line}`)).toEqual([{ start: 27, end: 31 }]);
    expect(shiftRanges([high], line, line.replace("pay ", ""))).toEqual([{ start: 16, end: 20 }]);
  });
  it("drops a range whose words the edit touched", () => {
    expect(shiftRanges([high], line, line.replace("high", "hgh"))).toEqual([]);
    expect(shiftRanges([high], line, "")).toEqual([]);
  });
  it("keeps a range when typing right after it", () => {
    expect(shiftRanges([high], line, `${line}er`)).toEqual([high]);
  });
});

describe("chipsOf", () => {
  const text = "pay rent every sunday 9am #home #Work high";
  const parsed: Parsed = {
    title: "Pay rent",
    description: "",
    dueAt: "2026-11-29T09:00:00.000Z",
    priority: "high",
    recurrence: "FREQ=WEEKLY;BYDAY=SU",
    recurrenceText: "every Sunday",
    remindAt: null,
    listId: null,
    labels: ["home", "work"],
    spans: [
      { start: 9, end: 21, kind: "recurrence" },
      { start: 22, end: 25, kind: "time" },
      { start: 26, end: 31, kind: "label" },
      { start: 32, end: 37, kind: "label" },
      { start: 38, end: 42, kind: "priority" },
    ],
  };
  it("gives each field its words, the repeat in plain text", () => {
    const chips = chipsOf(parsed, text, null);
    expect(chips.map((c) => c.key)).toEqual(["due", "repeat", "priority", "label:home", "label:work"]);
    expect(chips.find((c) => c.key === "repeat")?.text).toBe("Repeats every Sunday");
    expect(chips.map((c) => chipWords(c, text))).toEqual(["9am", "every sunday", "high", "#home", "#Work"]);
  });
});

describe("followEdit (the last reading, shown until the next arrives)", () => {
  const text = "water plants every sunday #home high";
  const parsed: Parsed = {
    title: "Water plants",
    description: "",
    dueAt: "2026-11-29T23:59:59.999Z",
    priority: "high",
    recurrence: "FREQ=WEEKLY;BYDAY=SU",
    recurrenceText: "every Sunday",
    remindAt: null,
    listId: null,
    labels: ["home"],
    spans: [
      { start: 13, end: 25, kind: "recurrence" },
      { start: 26, end: 31, kind: "label" },
      { start: 32, end: 36, kind: "priority" },
    ],
  };
  it("moves the spans with an edit before them and keeps the fields", () => {
    const view = followEdit(parsed, text, `please ${text}`, []);
    expect(view.spans.map((s) => `please ${text}`.slice(s.start, s.end))).toEqual(["every sunday", "#home", "high"]);
    expect(view).toMatchObject({ priority: "high", labels: ["home"], recurrence: "FREQ=WEEKLY;BYDAY=SU" });
  });
  it("drops a field whose words were edited or turned into plain text, with what came from it", () => {
    expect(followEdit(parsed, text, text.replace("#home", "#hom"), [])).toMatchObject({ labels: [] });
    const plain = followEdit(parsed, text, text, [{ start: 13, end: 25 }]);
    expect(plain).toMatchObject({ recurrence: null, recurrenceText: null, dueAt: null, priority: "high" });
    expect(plain.spans.map((s) => s.kind)).toEqual(["label", "priority"]);
  });
});
