/**
 * Repeat phrases in what people type ("water the plants every sunday", "pay rent on the 1st of
 * every month", "every 2 weeks on friday") → an RRULE (as checkRule accepts it) and where the
 * phrase is in the text, so a caller can drop it from the title. The time of day ("at 9am") is
 * not part of the rule; date parsing (chrono-node) reads it. Pure and shared: the built-in model
 * and the quick-add parser both use it.
 */
import { checkRule } from "@/lib/tasks/recurrence";
import { numberFrom, ordinalFrom } from "./numbers";

/** `hour`: the part of the day the phrase names ("every tuesday night" → 20), for a task said without a time. */
export type RecurrencePhrase = { rule: string; start: number; end: number; hour?: number };

/** The parts of a day a repeat may name, as hours (as dates.ts reads "this evening"). */
const PART_OF_DAY: Record<string, number> = { morning: 9, afternoon: 15, arvo: 15, evening: 19, night: 20 };
/** "every tuesday night", "every sunday arvo", "every evening": the part of the day right after or in the phrase. */
const PART_AFTER = /^\s+(?:in the\s+)?(morning|afternoon|arvo|evening|night)s?\b/i;
const PART_IN = /\b(morning|afternoon|arvo|evening|night)s?$/i;

const DAYS: Record<string, string> = {
  monday: "MO",
  mon: "MO",
  tuesday: "TU",
  tue: "TU",
  tues: "TU",
  wednesday: "WE",
  wed: "WE",
  thursday: "TH",
  thu: "TH",
  thur: "TH",
  thurs: "TH",
  friday: "FR",
  fri: "FR",
  saturday: "SA",
  sat: "SA",
  sunday: "SU",
  sun: "SU",
};
const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
/** A season as its first month (northern hemisphere, as the app's users mostly are). */
const SEASONS: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };
const NTH: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: -1 };

const DAY = `(?:${Object.keys(DAYS)
  .sort((a, b) => b.length - a.length)
  .join("|")})s?`;
/** "mon, wed and fri", "mon wed fri", "tues & thurs". */
const DAY_LIST = `${DAY}(?:(?:\\s*[,&+]\\s*|\\s+and\\s+|\\s+)${DAY})*`;
const MONTH = `(?:${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;
const ORDINAL = "(\\d{1,2})(?:st|nd|rd|th)?";
const INTERVAL = "(\\d{1,3}|other|second|two|three|third|four|fourth|five|six|seven|eight|nine|ten|twelve)";
const EACH = "(?:every|each)";
/** A day of the month in digits or words ("1st", "15", "first", "third"), for the monthly repeats. */
const MONTH_DAY = "(\\d{1,2}|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)(?:st|nd|rd|th)?";
const monthDay = (word: string) => ordinalFrom(word) ?? Number(word);

/** "every other week" is every 2; "every third day", "every 3 days"; the words come from numbers.ts. */
function interval(word: string | undefined): number {
  if (!word) return 1;
  if (word === "other") return 2;
  return numberFrom(word) ?? ordinalFrom(word) ?? Number(word);
}

function dayCodes(list: string): string[] {
  const codes = list
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((d) => d !== "" && d !== "and")
    .map((d) => DAYS[d.replace(/s$/, "")] ?? DAYS[d])
    .filter((c): c is string => Boolean(c));
  return [...new Set(codes)];
}

/** Words after which a day is one date, never a repeat: "by the first monday of the month", "from mon to fri". */
const ONE_OFF_BEFORE = new Set("by for until till til from between before after to this next last or either except not but".split(" "));
/** The lower-case word right before a match ("" at the start). */
function wordBefore(m: RegExpExecArray): string {
  const before = m.input.slice(0, m.index).trimEnd();
  let start = before.length;
  while (start > 0 && /[a-z']/i.test(before[start - 1]!)) start--;
  return before.slice(start).toLowerCase();
}
/** "mondays", "tuesdays": a whole weekday name in the plural ("weds", "thurs", "tues" are one day). */
/** "gotta love mondays", "i hate sundays": a feeling about a day, never a repeat. */
const FEELING_BEFORE = new Set("love loves hate hates like likes loathe dread enjoy adore".split(" "));
const FULL_PLURAL_DAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days$/i;

function withInterval(base: string, n: number, extra = ""): string {
  return `${base}${n > 1 ? `;INTERVAL=${n}` : ""}${extra}`;
}

/** Patterns, most specific first; each returns the rule for its match or null. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string | null][] = [
  // every year on 3 march / every 3rd of march / every march 3rd / annually on 3 march
  [
    new RegExp(`\\b(?:${EACH} year|yearly|annually)\\s+on\\s+(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?(${MONTH})\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[2]!.toLowerCase()]};BYMONTHDAY=${m[1]}`,
  ],
  [
    new RegExp(`\\b(?:${EACH} year|yearly|annually)\\s+on\\s+(${MONTH})\\s+${ORDINAL}\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[1]!.toLowerCase()]};BYMONTHDAY=${m[2]}`,
  ],
  [
    new RegExp(`\\b${EACH}\\s+(?:the\\s+)?${ORDINAL}\\s+of\\s+(${MONTH})\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[2]!.toLowerCase()]};BYMONTHDAY=${m[1]}`,
  ],
  [
    new RegExp(`\\b${EACH}\\s+(${MONTH})\\s+${ORDINAL}\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[1]!.toLowerCase()]};BYMONTHDAY=${m[2]}`,
  ],
  // every october / each march / every year in october / in october every year / annually in october (rule every-month-name)
  [
    new RegExp(`\\b(?:${EACH}|(?:${EACH}\\s+year|yearly|annually)\\s+in)\\s+(${MONTH})\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[1]!.toLowerCase()]};BYMONTHDAY=1`,
  ],
  // every autumn / each spring: the season's first month
  [
    new RegExp(`\\b${EACH}\\s+(spring|summer|autumn|fall|winter)\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${SEASONS[m[1]!.toLowerCase()]};BYMONTHDAY=1`,
  ],
  [
    new RegExp(`\\bin\\s+(${MONTH})\\s+(?:${EACH}\\s+year|yearly|annually)\\b`, "i"),
    (m) => `FREQ=YEARLY;BYMONTH=${MONTHS[m[1]!.toLowerCase()]};BYMONTHDAY=1`,
  ],
  // the last day of every month / every last day of the month / monthly on the last day
  [
    new RegExp(
      `\\b(?:on\\s+)?(?:the\\s+)?last day of (?:every|each|the) month\\b|\\b${EACH} last day of the month\\b|\\bmonthly on the last day\\b`,
      "i",
    ),
    () => "FREQ=MONTHLY;BYMONTHDAY=-1",
  ],
  // every first monday (of the month) / the last friday of every month
  [
    new RegExp(
      `\\b${EACH}\\s+(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(${DAY})(?:\\s+of\\s+(?:the|every|each)\\s+month)?\\b`,
      "i",
    ),
    (m) => `FREQ=MONTHLY;BYDAY=${NTH[m[1]!.toLowerCase()]}${DAYS[m[2]!.toLowerCase().replace(/s$/, "")] ?? DAYS[m[2]!.toLowerCase()]}`,
  ],
  [
    new RegExp(
      `\\b(?:on\\s+)?the\\s+(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(${DAY})\\s+of\\s+(?:every|each)\\s+month\\b`,
      "i",
    ),
    (m) => `FREQ=MONTHLY;BYDAY=${NTH[m[1]!.toLowerCase()]}${DAYS[m[2]!.toLowerCase().replace(/s$/, "")] ?? DAYS[m[2]!.toLowerCase()]}`,
  ],
  // the first monday of the month, said without "every" (rule nth-weekday-of-the-month): not after "by", "for", "until" …
  [
    new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+(${DAY})\\s+of\\s+the\\s+month\\b`, "i"),
    (m) =>
      ONE_OFF_BEFORE.has(wordBefore(m))
        ? null
        : `FREQ=MONTHLY;BYDAY=${NTH[m[1]!.toLowerCase()]}${DAYS[m[2]!.toLowerCase().replace(/s$/, "")] ?? DAYS[m[2]!.toLowerCase()]}`,
  ],
  // "the 15th each month", "on the 1st every month" (rule ordinal-each-month): a day with its ordinal ending, no "of"
  [
    new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\s+(?:day\\s+)?${EACH}\\s+month\\b`, "i"),
    (m) => `FREQ=MONTHLY;BYMONTHDAY=${m[1]}`,
  ],
  // on the 1st of every month / every 1st of the month / the 15th of each month / monthly on the 1st / every month on the 1st
  [
    new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?${MONTH_DAY}\\s+(?:day\\s+)?of\\s+(?:every|each)\\s+month\\b`, "i"),
    (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDay(m[1]!)}`,
  ],
  [new RegExp(`\\b${EACH}\\s+(?:the\\s+)?${MONTH_DAY}\\s+of\\s+the\\s+month\\b`, "i"), (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDay(m[1]!)}`],
  [new RegExp(`\\b(?:monthly|${EACH}\\s+month)\\s+on\\s+the\\s+${MONTH_DAY}\\b`, "i"), (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDay(m[1]!)}`],
  // every weekday / on weekdays / every workday; every weekend
  [
    new RegExp(`\\b(?:${EACH}\\s+(?:week\\s?day|work\\s?day|business day)|on\\s+(?:week\\s?days|work\\s?days)|weekdays)\\b`, "i"),
    () => "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
  ],
  [new RegExp(`\\b(?:${EACH}\\s+weekend|on\\s+weekends)\\b`, "i"), () => "FREQ=WEEKLY;BYDAY=SA,SU"],
  // every 2 weeks on friday / every other week on mon and thu / biweekly on friday
  [
    new RegExp(`\\b${EACH}\\s+${INTERVAL}\\s+weeks?\\s+on\\s+(${DAY_LIST})\\b`, "i"),
    (m) => withInterval("FREQ=WEEKLY", interval(m[1]!.toLowerCase()), `;BYDAY=${dayCodes(m[2]!).join(",")}`),
  ],
  [
    new RegExp(`\\b(?:bi-?weekly|fortnightly)\\s+on\\s+(${DAY_LIST})\\b`, "i"),
    (m) => `FREQ=WEEKLY;INTERVAL=2;BYDAY=${dayCodes(m[1]!).join(",")}`,
  ],
  // every other friday / every 2nd tuesday is ambiguous in English; "every other" means fortnightly
  [new RegExp(`\\b${EACH}\\s+other\\s+(${DAY})\\b`, "i"), (m) => `FREQ=WEEKLY;INTERVAL=2;BYDAY=${dayCodes(m[1]!).join(",")}`],
  // weekly on monday / every week on monday
  [new RegExp(`\\b(?:weekly|${EACH}\\s+week)\\s+on\\s+(${DAY_LIST})\\b`, "i"), (m) => `FREQ=WEEKLY;BYDAY=${dayCodes(m[1]!).join(",")}`],
  // every monday / every mon, wed and fri / on mondays
  [new RegExp(`\\b${EACH}\\s+(${DAY_LIST})\\b`, "i"), (m) => `FREQ=WEEKLY;BYDAY=${dayCodes(m[1]!).join(",")}`],
  [
    new RegExp(`\\bon\\s+((?:${DAY})s(?:\\s*(?:,|and|&)\\s*(?:${DAY})s)*)\\b`, "i"),
    (m) => `FREQ=WEEKLY;BYDAY=${dayCodes(m[1]!).join(",")}`,
  ],
  // every 3 days / every other week / every 2 months / every year
  [
    new RegExp(`\\b${EACH}\\s+${INTERVAL}\\s+(day|week|month|year)s?\\b`, "i"),
    (m) =>
      withInterval(
        `FREQ=${{ day: "DAILY", week: "WEEKLY", month: "MONTHLY", year: "YEARLY" }[m[2]!.toLowerCase() as "day"]}`,
        interval(m[1]!.toLowerCase()),
      ),
  ],
  // twice a day / 3 times daily (rule times-a-day, issue 24 wave 10): a rule repeats at most daily,
  // so the task repeats every day and the words stay in its title ("Take my meds twice a day").
  [
    /\b(?:twice|two times|2 times|2x|three times|3 times|3x|thrice|four times|4 times|4x)\s+(?:(?:a|per|every|each)\s+day|daily)\b/i,
    () => "FREQ=DAILY",
  ],
  // twice a week / 3 times a week / twice monthly (rule times-a-period): spread over the week (Mon+Thu, Mon+Wed+Fri) or month (1st+15th)
  [
    /\b(twice|two times|2 times|2x|three times|3 times|3x|thrice)\s+(?:(?:a|per|every|each)\s+(week|month|year)|(weekly|monthly|yearly))\b/i,
    (m) => {
      const n = /^(?:twice|two|2)/i.test(m[1]!) ? 2 : 3;
      const unit = (m[2] ?? m[3]!).toLowerCase().slice(0, 4);
      if (unit === "year") return `FREQ=MONTHLY;INTERVAL=${n === 2 ? 6 : 4}`;
      if (unit === "week") return `FREQ=WEEKLY;BYDAY=${n === 2 ? "MO,TH" : "MO,WE,FR"}`;
      return `FREQ=MONTHLY;BYMONTHDAY=${n === 2 ? "1,15" : "1,10,20"}`;
    },
  ],
  // every fortnight / once a fortnight: every two weeks; once a day/week/month/year.
  [new RegExp(`\\b(?:${EACH}|once\\s+a)\\s+fortnight\\b`, "i"), () => "FREQ=WEEKLY;INTERVAL=2"],
  [
    /\bonce\s+(?:a|per|every)\s+(day|week|month|year)\b/i,
    (m) => `FREQ=${{ day: "DAILY", week: "WEEKLY", month: "MONTHLY", year: "YEARLY" }[m[1]!.toLowerCase() as "day"]}`,
  ],
  [
    new RegExp(`\\b${EACH}\\s+(day|morning|evening|night|week|month|year)\\b`, "i"),
    (m) =>
      `FREQ=${{ day: "DAILY", morning: "DAILY", evening: "DAILY", night: "DAILY", week: "WEEKLY", month: "MONTHLY", year: "YEARLY" }[m[1]!.toLowerCase() as "day"]}`,
  ],
  // A bare adverb only at the end of a clause: "water the plants daily", not "the monthly report".
  [
    /\b(daily|weekly|monthly|yearly|annually|bi-?weekly|fortnightly)\b(?=\s*(?:$|[,.;!)]|(?:at|on|from|starting|until|in|before|after)\b))/i,
    (m) =>
      ({ daily: "FREQ=DAILY", weekly: "FREQ=WEEKLY", monthly: "FREQ=MONTHLY", yearly: "FREQ=YEARLY", annually: "FREQ=YEARLY" })[
        m[1]!.toLowerCase()
      ] ?? "FREQ=WEEKLY;INTERVAL=2",
  ],
  // A run of two or more weekdays without "every" (rule bare-day-run): "gym mon wed fri 7am", "swim tues and thurs at 6pm";
  // one weekday in the plural ("yoga mondays"); never after "by", "from", "till" … (a range or a deadline, not a repeat).
  [
    new RegExp(`\\b(${DAY}(?:(?:\\s*[,&+]\\s*|\\s+and\\s+|\\s+)${DAY})*)\\b`, "i"),
    (m) => {
      if (ONE_OFF_BEFORE.has(wordBefore(m)) || /^\s*(?:or|-|to)\b/i.test(m.input.slice(m.index + m[0].length))) return null;
      const codes = dayCodes(m[1]!);
      const pluralDay = codes.length === 1 && FULL_PLURAL_DAY.test(m[1]!) && !FEELING_BEFORE.has(wordBefore(m));
      return codes.length >= 2 || pluralDay ? `FREQ=WEEKLY;BYDAY=${codes.join(",")}` : null;
    },
  ],
];

/** The first repeat phrase in `text`, as a checked rule and its span; null when there is none. */
export function findRecurrencePhrase(text: string): RecurrencePhrase | null {
  for (const [pattern, toRule] of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const raw = toRule(m);
    if (!raw) continue;
    const checked = checkRule(raw);
    if (!checked.ok) continue;
    // "twice a day": the rule is only daily, so the words stay in the title (an empty span after them).
    if (/^(?:twice|two|2|three|3|thrice|four|4)\b/i.test(m[0]) && /\b(?:day|daily)$/i.test(m[0])) {
      const at = m.index + m[0].length;
      return { rule: checked.rule, start: at, end: at };
    }
    const end = m.index + m[0].length;
    const after = PART_AFTER.exec(text.slice(end));
    const part = (after?.[1] ?? PART_IN.exec(m[0])?.[1])?.toLowerCase();
    const hour = part ? PART_OF_DAY[part] : undefined;
    return { rule: checked.rule, start: m.index, end: end + (after?.[0].length ?? 0), ...(hour !== undefined ? { hour } : {}) };
  }
  return null;
}
