/**
 * Quick add reads a typed line of up to 4 × TITLE_MAX characters (POST /api/tasks/parse), longer
 * than a chat clause: the task-line reader answers any such line within 50 ms — one word, time
 * word or punctuation mark repeated after a prefix that steers it into each of its phrase readers.
 */
import { describe, expect, it } from "vitest";
import { TITLE_MAX } from "@/lib/limits";
import { clockAt } from "@/lib/task-line/clock";
import { readTaskLine } from "@/lib/task-line/read";

const LIMIT_MS = 50;
const MAX_CHARS = TITLE_MAX * 4;
const clock = clockAt(new Date("2026-11-22T14:05:00.000Z"), "Europe/London");

const PREFIXES = ["", "pay rent ", "remind me ", "every ", "call mum at ", '"a" ', "buy milk @", "#", "with notes: "];
const PIECES = [
  " ,",
  " at",
  " half",
  " six",
  " every",
  " mon",
  " remind me",
  " on the",
  " list",
  " high",
  " #a",
  " @a",
  "  ",
  "'",
  '"',
  " tomoz",
  " 6ish",
  " -",
];

/** The best of three runs, so a busy machine is not a failure. */
function fastest(text: string): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    readTaskLine(text, clock, { typed: true });
    readTaskLine(text, clock);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("readTaskLine bounds", () => {
  it(`reads every pumped line up to ${MAX_CHARS} characters within ${LIMIT_MS} ms`, () => {
    const slow: string[] = [];
    for (const prefix of PREFIXES)
      for (const piece of PIECES) {
        for (let n = 4; prefix.length + piece.length * n <= MAX_CHARS; n = Math.ceil(n * 1.5)) {
          const text = `${prefix}${piece.repeat(n)} x!`.slice(0, MAX_CHARS);
          const ms = fastest(text);
          if (ms > LIMIT_MS) {
            slow.push(`${JSON.stringify(prefix)} + ${JSON.stringify(piece)} × ${n}: ${ms.toFixed(1)} ms`);
            break;
          }
        }
      }
    expect(slow).toEqual([]);
  }, 600_000);
});
