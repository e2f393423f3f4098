/** Small text helpers shared by the intent readers. */

/** Unifies quotes/dashes, reads arrows ("a -> b") as "to" and collapses whitespace; keeps punctuation. */
export function normalize(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
      .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
      // "old title -> new title" with no verb is a change request.
      .replace(
        /^(?!\s*(?:rename|retitle|change|update|edit|move|set|make|put|push|postpone|reschedule)\b)(.+?)\s*(?:->|=>|\u2192|\u21D2)\s*/i,
        "change $1 to ",
      )
      .replace(/\s*(?:->|=>|\u2192|\u21D2)\s*/g, " to ")
      // "buy milk ✓", "buy milk [x]": a tick after a task means it is done.
      .replace(/\s*(?:\u2713|\u2714|\u2611|\u2705|\[x\])\s*$/i, " done")
      .replace(/[\u2013\u2014]/g, " - ")
      // Smileys and emoji carry no request ("good morning :)").
      .replace(/(?:^|\s)[:;=8][-']?[)(DPp3\]\[/|*]+(?=\s|$)/g, " ")
      .replace(/[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D]/gu, " ")
      .replace(/\s+/g, " ")
      // "!!!!!!!!", "--------": a run of punctuation says no more than three of it (and would make a
      // single huge token for the readers' patterns).
      .replace(/([^\p{L}\p{N}\s])\1{3,}/gu, "$1$1$1")
      .trim()
  );
}

export function lower(text: string): string {
  return normalize(text).toLowerCase();
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Trims surrounding punctuation and quotes a person would not want in a title. */
export function trimPunctuation(text: string): string {
  return collapse(text)
    .replace(/^[\s"'`,.:;!?-]+/, "")
    .replace(/[\s"'`,.:;!?-]+$/, "")
    .trim();
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text inside the first pair of quotes, if any ("…", '…' around words, `…`). */
export function quoted(text: string): string | null {
  const m = /"([^"]+)"|`([^`]+)`|(?:^|[\s:(])'([^']+)'(?=$|[\s,.!?:;)])/.exec(text);
  const inner = m?.[1] ?? m?.[2] ?? m?.[3];
  return inner && inner.trim() ? inner.trim() : null;
}

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
  couple: 2,
  "a couple of": 2,
  "a couple": 2,
  few: 3,
  "a few": 3,
  several: 3,
};

export const NUMBER_WORD_PATTERN =
  "\\d+|a couple of|a couple|a few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few|several";

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
  "1st": 1,
  "2nd": 2,
  "3rd": 3,
};

export function ordinalFrom(word: string): number | null {
  const w = word.trim().toLowerCase();
  const m = /^(\d+)(?:st|nd|rd|th)$/.exec(w);
  if (m) return Number(m[1]);
  return ORDINAL_WORDS[w] ?? null;
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Joins names as "A", "A and B", "A, B and C". */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Cheap deterministic hash (FNV-1a) for ids. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
