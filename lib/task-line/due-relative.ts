/**
 * A reminder set on a day counted from the task's own due date, at a clock time: "the day before
 * at 9", "the night before at 8", "2 days before at noon", "the morning it's due", "the morning of". Only the task
 * knows the date, so this reads the words and leaves the date to whoever holds the task
 * (duplicates.ts `slotsOf` for the built-in model). Read word by word; the clock time is read by
 * dates.ts (chrono). "the day before" with no time is the plain offset reminder-phrases.ts reads.
 */
import type { Clock } from "./clock";
import { findDue } from "./dates";
import { numberFrom } from "./numbers";
import { trimPunctuation } from "./text";

export type DueRelativeReminder = { days: number; hour: number; minute: number; rest: string };

/** Parts of the day the reminder may name, and the hour each means without a clock time. */
const PART_HOURS: Readonly<Record<string, number>> = { morning: 9, day: -1, evening: 19, night: 20 };
/** Words between "the <part>" and "due" naming the task itself ("the morning it's due"). */
const IT_WORDS = new Set(["it's", "its", "it", "is", "'s", "of", "they're", "theyre", "they", "are"]);

/** Words asking for a reminder: only then (or first in the line) is "the morning of <task>" the task's due day ("buy wine for the evening of the party" is a title). */
const REMIND_WORD = /^(?:remind|reminder|ping|nudge|buzz|alert|shout|notify|warn)$/;

/** The clock time in `words` (lower-case), or null. */
function clockTime(words: string[], clock: Clock): { hour: number; minute: number } | null {
  if (words.length === 0 || !words.some((w) => /\d|noon|midday/.test(w))) return null;
  const due = findDue(words.join(" "), clock);
  return due?.due.hour === undefined ? null : { hour: due.due.hour, minute: due.due.minute ?? 0 };
}

/** The reminder of a line such as "the dentist the day before at 9", and the line without it; null when there is none. */
export function readDueRelativeReminder(text: string, clock: Clock): DueRelativeReminder | null {
  const words = text.trim().split(/\s+/);
  const lower = words.map((w) => trimPunctuation(w.toLowerCase()));
  for (let i = 0; i + 2 < lower.length; i++) {
    const [a, b, c] = [lower[i] ?? "", lower[i + 1] ?? "", lower[i + 2] ?? ""];
    let days: number | null = null;
    let part = "day";
    let end = -1;
    let onTheDay = false;
    // "the day before", "the night before", "2 days before", "a day before".
    if (c === "before" && a === "the" && b in PART_HOURS) {
      days = 1;
      part = b;
      end = i + 3;
    } else if (c === "before" && /^days?$/.test(b)) {
      days = a === "a" ? 1 : numberFrom(a);
      end = i + 3;
    } else if (a === "the" && b in PART_HOURS && b !== "day" && c === "of" && (i + 3 === lower.length || lower[i + 3] === "it")) {
      // "remind me abt council tax the morning of", "… the evening of it": on the due day itself.
      days = 0;
      part = b;
      end = i + 3 === lower.length ? i + 3 : i + 4;
    } else if (
      a === "the" &&
      b in PART_HOURS &&
      b !== "day" &&
      c === "of" &&
      (i === 0 || lower.slice(0, i).some((w) => REMIND_WORD.test(w)))
    ) {
      // "ping me the morning of parents evening" (the reader may have taken "ping me" off already):
      // the task named after "of", kept in the line.
      days = 0;
      part = b;
      end = i + 3;
    } else if (
      a === "on" &&
      b === "the" &&
      c === "day" &&
      (i + 3 === lower.length ||
        (/^(?:for|of)$/.test(lower[i + 3] ?? "") && (i === 0 || lower.slice(0, i).some((w) => REMIND_WORD.test(w)))))
    ) {
      // "remind me about the vet on the day", "nudge me on the day for the plumber": the morning of the due day.
      days = 0;
      part = "morning";
      end = i + 3 === lower.length ? i + 3 : i + 4;
      onTheDay = true;
    } else if (a === "the" && b in PART_HOURS) {
      // "the morning it's due", "the day the rent is due".
      const due = lower.indexOf("due", i + 2);
      if (due > i + 2 && due <= i + 6) {
        days = 0;
        part = b;
        end = due + 1;
      }
    }
    if (days === null || days < 0 || days > 28 || end < 0) continue;
    const start = i > 0 && lower[i - 1] === "on" ? i - 1 : i;
    // The task named inside ("the day the rent is due"): kept in the line.
    const inner = onTheDay || lower.slice(i + 2, end - 1).every((w) => IT_WORDS.has(w)) ? [] : words.slice(i + 2, end - 1);
    const named = inner.length > 0 && (lower[end - 2] === "is" || lower[end - 2] === "'s") ? inner.slice(0, -1) : inner;
    // The clock time: right after the phrase, or ending the line ("the night before the flight at 8").
    const after = lower.slice(end);
    const at = after[0] === "at" ? 0 : after.lastIndexOf("at");
    const time = at >= 0 ? clockTime(after.slice(at), clock) : null;
    const partHour = PART_HOURS[part] ?? -1;
    if (!time && partHour < 0) continue;
    let hour = time ? time.hour : partHour;
    const said = at >= 0 ? after.slice(at).join(" ") : "";
    // "the night before at 8" is 8 pm.
    if (time && partHour >= 12 && hour < 12 && !said.split(/\s+/).some((w) => w === "am" || (w.endsWith("am") && /^\d/.test(w))))
      hour += 12;
    const keptAfter = at >= 0 ? words.slice(end, end + at) : words.slice(end);
    const rest = [...words.slice(0, start), ...named, ...keptAfter].join(" ").trim();
    return { days, hour, minute: time ? time.minute : 0, rest };
  }
  return null;
}
