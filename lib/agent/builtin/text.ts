/** Text helpers of the built-in model: a message's normal form, joined names, ids. */

/** Unifies quotes/dashes, reads arrows ("a -> b") as "to" and collapses whitespace; keeps punctuation. */
/**
 * `text` with a comma where why begins unmarked, as a person would have typed it: before a texted "because"
 * ("driving lessons are every other week now bc money"), and after a courtesy before a subject ("remind me the
 * night before my shift pls i keep forgetting").
 */
export function commaBeforeWhy(text: string): string {
  return text
    .replace(/(?<=[a-z0-9]) (?=(?:bc|cos|coz|cuz) [a-z])/gi, ", ")
    .replace(/(?<=\S) (pls|please|plz)(?= (?:i|i'm|im|we|we're|she|she's|he|he's|they|they're|it's|its) \S)/gi, " $1,");
}

export function normalize(text: string): string {
  return commaBeforeWhy(
    text
      .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
      .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
      // "old title -> new title" with no verb is a change request.
      .replace(
        /^(?!\s*(?:rename|retitle|change|update|edit|move|set|make|put|push|postpone|reschedule)\b)(.+?)\s*(?:->|=>|\u2192|\u21D2)\s*/i,
        "change $1 to ",
      )
      .replace(/(?<!\s)\s*(?:->|=>|\u2192|\u21D2)\s*/g, " to ")
      // "buy milk ✓", "buy milk [x]": a tick after a task means it is done.
      .replace(/(?<!\s)\s*(?:\u2713|\u2714|\u2611|\u2705|\[x\])\s*$/i, " done")
      .replace(/[\u2013\u2014]/g, " - ")
      // An emoji between words ends a sentence ("fix the latch 🦊 saw it in the garden last night").
      .replace(/(?<=[\p{L}\p{N}])\s*[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D]+(?=\s+[\p{L}\p{N}])/gu, ".")
      // Smileys and emoji carry no request ("good morning :)").
      .replace(/(?:^|\s)[:;=8][-']?[)(DPp3\]\[/|*]+(?=\s|$)/g, " ")
      .replace(/[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D]/gu, " ")
      .replace(/\s+/g, " ")
      // "!!!!!!!!", "--------": a run of punctuation says no more than three of it (and would make a
      // single huge token for the readers' patterns).
      .replace(/([^\p{L}\p{N}\s])\1{3,}/gu, "$1$1$1")
      .trim(),
  );
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
