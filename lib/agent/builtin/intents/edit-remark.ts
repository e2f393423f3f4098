/**
 * Remarks about a task the user already has ("team lunch isnt til thurs now", "gym isnt a money
 * thing", "note on passport: bring 2 photos", "add to the jumper one that the receipt is in the
 * drawer"). Read without the user's data they look like new to-dos with junk titles; this reader
 * claims them before the add readers and offers the add instead, so the planner reads the message
 * against the user's tasks (grounding.ts) and nothing is added unless the user says yes.
 *
 * Rules are token tests (no sentence regexes): each names what it claims and its examples
 * (tests/unit/builtin/understanding.test.ts runs the reader's examples).
 */
import type { Clock } from "@/lib/task-line/clock";
import { addBody, readAdd } from "./add";
import type { Intent } from "./types";

/** Words a to-do title never carries after its first word: the user was talking about a task. */
const REMARK_WORD = new Set(
  (
    "isnt isn't arent aren't doesnt doesn't dont don't shouldnt shouldn't wont won't not is are r was were gonna instead both " +
    "prio typo spelt spelled anymore tag label labelled tagged"
  ).split(" "),
);

/** A note or a tag said with the add words: "add to X that …", "add a note to X", "note on X: …", "add #work to X". */
const NOTE_START = new Set([
  "add to",
  "add a note",
  "add note",
  "add details",
  "add a",
  "put in",
  "jot down on",
  "note on",
  "note for",
  "note to",
]);

/** A title never ends in these ("Acme invoice - make it", "Move nursery to wed and school to"). */
const TRAILING = /^(?:it|to|and|for|on|at|by)$/;

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** A clause as this reader sees it: lower case, as typed, and the clock. */
type Said = { lower: string; original: string; clock: Clock };
type EditRemarkRule = { name: string; examples: string[]; claims: (c: Said) => boolean };

/** In precedence order; the first that claims the clause makes it a remark. */
export const EDIT_REMARK_RULES: EditRemarkRule[] = [
  {
    name: "note-or-tag-on",
    examples: [
      "add to the jumper one that the receipt is in the drawer",
      "jot down on the job application: deadline is strict",
      "add #work to the supplier email",
    ],
    claims: (c) => {
      const w = words(c.lower);
      const start2 = w.slice(0, 2).join(" ");
      const start3 = w.slice(0, 3).join(" ");
      // "note to self: email the landlord": a to-do for the user, not a note on a task "self".
      if (w.includes("list") || /^(?:task|todo|to-do|reminder|item|self|self:|myself|myself:|me|me:)$/.test(w[2] ?? "")) return false;
      if (w[0] === "add" && (w[1] ?? "").startsWith("#") && w.includes("to")) return true;
      const noted = NOTE_START.has(start2) || NOTE_START.has(start3);
      const cue = w.includes("that") || w.includes("saying") || c.lower.includes(":") || w.includes("tag") || w.includes("label");
      return noted && cue && (start2 !== "add a" || w.includes("note") || w.includes("tag") || w.includes("label"));
    },
  },
  {
    name: "junk-title",
    examples: [
      "team lunch isnt til thurs now",
      "gym isnt a money thing",
      "library books r gonna be tmrw instead",
      "put a health tag on the doctor letter",
    ],
    claims: (c) => {
      if (addBody(c.original)) return false;
      const items = readAdd(c.original, c.clock);
      return items.some((item) => {
        const w = words(item.title);
        return (
          w.slice(1).some((x) => REMARK_WORD.has(x)) ||
          item.title.includes(" - ") ||
          item.title.includes(": ") ||
          TRAILING.test(w.at(-1) ?? "")
        );
      });
    },
  },
];

/** The reading: the add offered (a yes adds it), or "unclear" when there is no single title. */
/** A question ("why is the sky blue?") is never a remark about a task: the question readers answer it. */
const QUESTION_WORD = new Set("why what whats what's how who when where which".split(" "));

export function readEditRemark(c: Said): Intent | null {
  if (c.original.trim().endsWith("?") || QUESTION_WORD.has(words(c.lower)[0] ?? "")) return null;
  if (!EDIT_REMARK_RULES.some((r) => r.claims(c))) return null;
  const items = addBody(c.original) ? [] : readAdd(c.original, c.clock);
  const item = items.length === 1 ? items[0] : undefined;
  return item ? { type: "offer", item } : { type: "say", kind: "unclear" };
}
