/**
 * The status and delete rules (lib/agent/builtin/intents/change.ts): every rule's examples are
 * read by that rule (no earlier rule claims them) into the refs it declares, and the near misses
 * that would be harmful (a chore that looks like a delete or a completion) change nothing.
 */
import { describe, it, expect } from "vitest";
import {
  changeRuleOf,
  COMPLETE_RULES,
  DELETE_RULES,
  NOT_A_CHANGE,
  readComplete,
  readDelete,
  readReopen,
  REOPEN_RULES,
  type ChangeRule,
} from "@/lib/agent/builtin/intents/change";
import type { Intent, TaskRef } from "@/lib/agent/builtin/intents/types";

/** A ref as the examples write it: the phrase, "it" for a pronoun. */
function written(ref: TaskRef): string {
  return ref.kind === "phrase" ? ref.text : ref.kind === "pronoun" ? "it" : ref.kind;
}

function refsOf(intent: Intent | null): string[] {
  return intent && "refs" in intent ? intent.refs.map(written) : [];
}

const READERS: Array<["reopen" | "complete" | "delete", ChangeRule[], (text: string) => Intent | null]> = [
  ["reopen", REOPEN_RULES, readReopen],
  ["complete", COMPLETE_RULES, readComplete],
  ["delete", DELETE_RULES, readDelete],
];

for (const [reader, rules, read] of READERS) {
  describe(`the ${reader} rules`, () => {
    it("have distinct names", () => expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length));

    for (const rule of rules) {
      for (const [text, ...expected] of rule.examples) {
        it(`'${text}' is read by ${rule.name} into ${expected.join(", ")}`, () => {
          const said = text.toLowerCase();
          expect(changeRuleOf(reader, said)).toBe(rule.name);
          const intent = read(said);
          const kind = intent?.type === "say" ? reader : intent?.type;
          expect(kind).toBe(reader);
          expect(refsOf(intent)).toEqual(expected);
        });
      }
    }
  });
}

describe("near misses change nothing", () => {
  for (const text of NOT_A_CHANGE) {
    it(`'${text}' is not a reopen, completion or delete`, () => {
      for (const read of [readReopen, readComplete, readDelete]) {
        const intent = read(text);
        expect(intent === null || intent.type === "say", `${text}: ${JSON.stringify(intent)}`).toBe(true);
      }
    });
  }

  it("a negation before 'done' is no completion", () => {
    expect(readComplete("mark it as not done")).toBeNull();
    expect(readComplete("the report is not done")).toBeNull();
  });

  it("a soft verb with a plain chore asks instead of deleting", () => {
    expect(readDelete("drop the yoga class")).toEqual({ type: "say", kind: "cancel-ambiguous", detail: "yoga class", verb: "drop" });
    expect(readDelete("cancel the dentist appointment")).toMatchObject({ type: "say", kind: "cancel-ambiguous" });
  });

  it("reads a statement that is undone by its tail", () => {
    expect(refsOf(readReopen("the report isn't done, undo that"))).toEqual(["report"]);
    expect(refsOf(readReopen("i didn't pay the rent so mark it as not done"))).toEqual(["pay the rent"]);
  });
});
