/**
 * Fixed-date holidays as chrono custom parsers: "christmas eve", "boxing day", "new year's eve",
 * "bonfire night", "valentine's day", "halloween" name their day on their own; a bare "christmas"
 * or "new year" only after a word that leads into a date ("by christmas", "before xmas", "till the
 * new year"), so "do the christmas shopping" keeps its title and gets no due date. The year is left
 * to chrono (findDue reads forward: "by christmas" said on 27 December is next Christmas).
 * "after christmas" is the first day after the holiday (27 December; 2 January after New Year).
 * Movable feasts (Easter, Mother's Day) are not read. A season after such a word ("till spring", "by the
 * summer") is its first day (meteorological: 1 March, 1 June, 1 September, 1 December).
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

/**
 * "can wait till after christmas", "after the new year": the first day after the holiday — 27
 * December after Christmas and Boxing Day, 2 January after New Year's Day.
 */
const AFTER_HOLIDAY =
  /\bafter (?:the )?(christmas|xmas|new year)\b(?! (?:eve|day|party|dinner|shopping|card|cards|present|presents|tree|lights|jumper|do|market|fair|film|show|list))/i;

/** The first day of each (meteorological) season. */
const SEASONS: Record<string, Day> = {
  spring: { day: 1, month: 3 },
  summer: { day: 1, month: 6 },
  autumn: { day: 1, month: 9 },
  winter: { day: 1, month: 12 },
};
/** "can wait till spring", "by the summer", "in the autumn": a season after a word that leads into a date is its first day. */
const SEASON_AFTER_LEAD =
  /\b(?:by|before|till|til|until|in|over|this|next|around) (?:the )?(spring|summer|autumn|winter)\b(?! (?:term|holiday|holidays|hols|clothes|coat|coats|tyres|sale|sales|fair|fete|party|menu|wardrobe|break|camp|job|school|show|concert|uniform|bulbs|veg|crops))/i;

/** The season's next first day; inside the season ("by winter" said in January), today. */
function seasonDay(start: Day, ref: Date): Day & { year: number } {
  const y = ref.getUTCFullYear();
  const mo = ref.getUTCMonth() + 1;
  if ((mo - start.month + 12) % 12 < 3) return { day: ref.getUTCDate(), month: mo, year: y };
  return { ...start, year: mo < start.month ? y : y + 1 };
}

export const HOLIDAYS: chrono.Parser[] = [
  { pattern: () => SEASON_AFTER_LEAD, extract: (c, m) => seasonDay(SEASONS[(m[1] ?? "").toLowerCase()]!, c.refDate) },
  ...NAMED_DAYS.map(([re, day]): chrono.Parser => ({ pattern: () => re, extract: () => ({ ...day }) })),
  {
    pattern: () => AFTER_HOLIDAY,
    extract: (_c, m) => ((m[1] ?? "").toLowerCase() === "new year" ? { day: 2, month: 1 } : { day: 27, month: 12 }),
  },
  {
    pattern: () => AFTER_LEAD,
    extract: (_c, m) => ({ ...((m[1] ?? "").toLowerCase() === "new year" ? NEW_YEAR : CHRISTMAS) }),
  },
];
