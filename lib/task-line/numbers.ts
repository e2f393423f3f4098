/**
 * The one table of number and ordinal words of the task-line language ("in three days",
 * "a couple of weeks", "remind me fifteen minutes before", "every third day", "the third one"):
 * dates, reminder and repeat phrases and the model's readers read counts and ordinals here, each
 * taking the words its own phrases allow.
 */

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  "forty-five": 45,
  couple: 2,
  "a couple of": 2,
  "a couple": 2,
  few: 3,
  "a few": 3,
  several: 3,
};

/** A regex alternation (no group) of digits and every number word, longest phrase first. */
export const NUMBER_WORD_PATTERN =
  "\\d+|a couple of|a couple|a few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few|several";

/** The count a number word or digits say ("three" → 3, "a couple of" → 2), or null. */
export function numberFrom(word: string): number | null {
  const w = word.trim().toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  return NUMBER_WORDS[w] ?? null;
}

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
};

/** The position an ordinal says ("third", "3rd", "21st" → 3, 3, 21), or null. */
export function ordinalFrom(word: string): number | null {
  const w = word.trim().toLowerCase();
  const m = /^(\d+)(?:st|nd|rd|th)$/.exec(w);
  if (m) return Number(m[1]);
  return ORDINAL_WORDS[w] ?? null;
}
