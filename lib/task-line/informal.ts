/**
 * The informal spellings of date words people type ("tomoz", "nxt wk", "this wkend", "b4 fri"),
 * read as the words chrono-node knows before dates.ts looks for a date. Token by token (a regex
 * finds the words, a table says what each means), keeping where each character came from, so a
 * date found in the read text is cut from the line as typed.
 */
import { numberFrom } from "./numbers";

/** Informal or shortened date words → the word chrono reads. */
const DATE_WORDS: Record<string, string> = {
  tomoz: "tomorrow",
  tomz: "tomorrow",
  tmoz: "tomorrow",
  tmr: "tomorrow",
  tmw: "tomorrow",
  tmrw: "tomorrow",
  tmrow: "tomorrow",
  tomo: "tomorrow",
  tomorow: "tomorrow",
  tommorow: "tomorrow",
  tommorrow: "tomorrow",
  tomorro: "tomorrow",
  tmorrow: "tomorrow",
  tomrrow: "tomorrow",
  tomorrw: "tomorrow",
  "2moro": "tomorrow",
  "2morrow": "tomorrow",
  "2morow": "tomorrow",
  "2mrw": "tomorrow",
  "2mro": "tomorrow",
  "2day": "today",
  tdy: "today",
  "2nite": "tonight",
  "2night": "tonight",
  tonite: "tonight",
  tonigh: "tonight",
  nxt: "next",
  wk: "week",
  wks: "weeks",
  wkend: "weekend",
  wknd: "weekend",
  wkd: "weekend",
  "w/e": "weekend",
  b4: "before",
  hrs: "hours",
  hr: "hour",
  mins: "minutes",
  min: "minute",
  arvo: "afternoon",
  avo: "afternoon",
  mornin: "morning",
  morn: "morning",
  oclock: "o'clock",
  fortnite: "fortnight",
  wednesdy: "wednesday",
  wensday: "wednesday",
  wednsday: "wednesday",
  thursdy: "thursday",
  tuesdy: "tuesday",
  satuday: "saturday",
  saturdy: "saturday",
  firday: "friday",
  fridy: "friday",
  mondy: "monday",
  sundy: "sunday",
};

/** Hours said as words, in a time ("at six", "half seven", "quarter to nine", "five pm"): the words for 1–12 of the one number table. */
export const HOUR_WORDS: Record<string, number> = Object.fromEntries(
  "one two three four five six seven eight nine ten eleven twelve".split(" ").map((w) => [w, numberFrom(w)!]),
);

/** Text as read, each character remembering the range of the typed text it stands for. */
export type ReadText = { text: string; from: number[]; to: number[] };

const TOKEN = /[a-z0-9/]+/g;

/** The informal date words of lower-case `text` spelled as chrono reads them (identity when there are none). */
export function readInformal(text: string): ReadText {
  let out = "";
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  const keep = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      out += text[i];
      from.push(i);
      to.push(i + 1);
    }
  };
  for (const m of text.matchAll(TOKEN)) {
    const word = m[0];
    const start = m.index;
    // "6ish", "fiveish": about that hour.
    const hour = word.endsWith("ish") ? word.slice(0, -3) : "";
    const said = DATE_WORDS[word] ?? (/^\d{1,2}$/.test(hour) || HOUR_WORDS[hour] ? `around ${hour}` : undefined);
    if (said === undefined) continue;
    keep(last, start);
    for (const ch of said) {
      out += ch;
      from.push(start);
      to.push(start + word.length);
    }
    last = start + word.length;
  }
  if (last === 0) return { text, from: [], to: [] };
  keep(last, text.length);
  return { text: out, from, to };
}

/** Where [index, index + length) of the read text was in the typed text. */
export function typedSpan(read: ReadText, index: number, length: number): { index: number; length: number } {
  if (read.from.length === 0) return { index, length };
  const start = read.from[index] ?? index;
  const end = read.to[index + length - 1] ?? start + length;
  return { index: start, length: end - start };
}
