import { describe, expect, it } from "vitest";
import { labelsSchema } from "@/lib/tasks/label-schema";
import { checkLabel, extractLabels, mergeLabels, normalizeLabel } from "@/lib/tasks/labels";

describe("extractLabels", () => {
  it("reads hashtags out of the text, lower-cased and de-duplicated, with their spans", () => {
    const input = "buy stamps #Errands #post #errands";
    const { text, labels, spans } = extractLabels(input);
    expect(text).toBe("buy stamps");
    expect(labels).toEqual(["errands", "post"]);
    expect(spans.map((s) => input.slice(s.start, s.end))).toEqual(["#Errands", "#post", "#errands"]);
    expect(spans.every((s) => s.kind === "label")).toBe(true);
  });

  it("finds a label anywhere, before punctuation, and tidies the text around it", () => {
    expect(extractLabels("#work call Bob, then #home.")).toEqual({
      text: "call Bob, then.",
      labels: ["work", "home"],
      spans: [
        { start: 0, end: 5, kind: "label", label: "work" },
        { start: 21, end: 26, kind: "label", label: "home" },
      ],
    });
    expect(extractLabels("pay rent (#bills) today").labels).toEqual(["bills"]);
    expect(extractLabels("plan q3 #work/q3-goals").labels).toEqual(["work/q3-goals"]);
  });

  it("leaves what is not a label alone: numbers, words with # inside, a lone #", () => {
    for (const input of ["fix issue #12", "learn C# today", "press # twice", "email a#b"]) {
      expect(extractLabels(input)).toEqual({ text: input, labels: [], spans: [] });
    }
  });

  it("drops labels longer than 40 characters from the labels but never loses the text", () => {
    const long = `#${"a".repeat(41)}`;
    expect(extractLabels(`x ${long}`)).toEqual({ text: `x ${long}`, labels: [], spans: [] });
  });
});

describe("label rules", () => {
  it("normalises and validates", () => {
    expect(normalizeLabel(" #Urgent ")).toBe("urgent");
    expect(normalizeLabel("two words")).toBeNull();
    expect(normalizeLabel("")).toBeNull();
    expect(labelsSchema.safeParse(["A", "a", "#a"]).data).toEqual(["a"]);
    expect(labelsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `l${i}`)).success).toBe(false);
    expect(mergeLabels(["a", "b"], ["b", "c"], ["a"])).toEqual(["b", "c"]);
  });

  it("says what is wrong with a label, the same in the browser and in request validation", () => {
    const cases: [string, string][] = [
      ["  #  ", "a label must not be empty"],
      ["x".repeat(41), "a label must be at most 40 characters"],
      ["a,b", "a label is one word: no spaces, commas or '#'"],
    ];
    for (const [input, message] of cases) {
      expect(checkLabel(input)).toEqual({ ok: false, message });
      expect(labelsSchema.safeParse([input]).error?.issues[0]?.message).toBe(message);
    }
    expect(checkLabel("x".repeat(40))).toEqual({ ok: true, label: "x".repeat(40) });
  });
});
