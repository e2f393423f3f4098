/**
 * Fixed-date holidays as chrono custom parsers: "christmas eve", "boxing day", "new year's eve",
 * "bonfire night", "valentine's day", "halloween" name their day on their own; a bare "christmas"
 * or "new year" only after a word that leads into a date ("by christmas", "before xmas", "till the
 * new year"), so "do the christmas shopping" keeps its title and gets no due date. The year is left
 * to chrono (findDue reads forward: "by christmas" said on 27 December is next Christmas).
 * Movable feasts (Easter, Mother's Day) are not read.
 */
import type * as chrono from "chrono-node";

type Day = { day: number; month: number };
const CHRISTMAS: Day = { day: 25, month: 12 };
const NEW_YEAR: Day = { day: 1, month: 1 };

/** Names that are a day by themselves. */
const NAMED_DAYS: [RegExp, Day][] = [
  [/\b(?:christmas|xmas) eve\b/i, { day: 24, month: 12 }],
  [/\b(?:christmas|xmas) day\b/i, CHRISTMAS],
  [/\bboxing day\b/i, { day: 26, month: 12 }],
  [/\bnew year'?s eve\b|\bnye\b/i, { day: 31, month: 12 }],
  [/\bnew year'?s day\b/i, NEW_YEAR],
  [/\bvalentine'?s day\b/i, { day: 14, month: 2 }],
  [/\bhallowe'?en\b/i, { day: 31, month: 10 }],
  [/\bbonfire night\b|\bguy fawkes night\b/i, { day: 5, month: 11 }],
  [/\bst\.? patrick'?s day\b/i, { day: 17, month: 3 }],
];

/** "by christmas", "before xmas", "till the new year": a bare holiday after a word that leads into a date. */
const AFTER_LEAD =
  /\b(?:by|before|till|til|until|over|on|at|around|this|next) (?:the )?(christmas|xmas|new year)\b(?! (?:eve|day|party|dinner|shopping|card|cards|present|presents|tree|lights|jumper|do|market|fair|film|show|list))/i;

export const HOLIDAYS: chrono.Parser[] = [
  ...NAMED_DAYS.map(([re, day]): chrono.Parser => ({ pattern: () => re, extract: () => ({ ...day }) })),
  {
    pattern: () => AFTER_LEAD,
    extract: (_c, m) => ({ ...((m[1] ?? "").toLowerCase() === "new year" ? NEW_YEAR : CHRISTMAS) }),
  },
];
