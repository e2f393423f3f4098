/**
 * A small grammar over words, for readers that name their rules (intents/update.ts): a clause is
 * split into word tokens once, and a rule is a sequence of parts — a word from a set ("to", "as",
 * "into"), an optional part, a run of filler words, or a span of any words (the task named, the
 * value) — matched from the clause's first word to its last. Spans are tried shortest first, so
 * "move the dentist to friday to monday" names "the dentist" as a regex's `(.+?)` would.
 *
 * Only tokens are read with regexes here; a match visits at most (words)² positions for the
 * two spans a rule may hold, and clauses are capped in words (MAX_WORDS).
 */

/** A word token of the clause: its lower-case text and where it sits in the clause. */
export type Token = { w: string; at: number; end: number; glued: boolean };

/** Longer clauses are not read as edits (the model reads at most 60 words; marks split off count too). */
const MAX_WORDS = 120;

/** Split off: ":", ",", "=" anywhere (not inside "3:30"), and a possessive "'s" or a trailing "'" after an s. */
export function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  const push = (at: number, end: number) => {
    if (end > at) tokens.push({ w: text.slice(at, end), at, end, glued: tokens.length > 0 && tokens.at(-1)!.end === at });
  };
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const word = text.slice(start, end);
    if (word.length > 2 && word.endsWith("'s")) {
      push(start, end - 2);
      push(end - 2, end);
    } else if (word.length > 2 && word.endsWith("s'")) {
      push(start, end - 1);
      push(end - 1, end);
    } else push(start, end);
    start = -1;
  };
  const digit = (i: number) => /\d/.test(text[i] ?? "");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === " " || ch === "\t" || ch === "\n") flush(i);
    else if (ch === "," || ch === "=" || (ch === ":" && !(digit(i - 1) && digit(i + 1)))) {
      flush(i);
      push(i, i + 1);
    } else if (start < 0) start = i;
  }
  flush(text.length);
  return tokens.length > MAX_WORDS ? null : tokens;
}

/** A part of a rule. */
export type Part =
  | { k: "one"; alts: string[][]; capture: boolean }
  | { k: "opt"; parts: Part[] }
  | { k: "star"; alts: string[][] }
  | { k: "span"; greedy: boolean; ok?: (words: string, before: string) => boolean }
  | { k: "not"; alts: string[][] };

const phrases = (alts: string[]) => alts.map((a) => a.split(" "));

/** One of the words or phrases ("due date" is two words); "<n>" stands for any run of digits. */
export const one = (...alts: string[]): Part => ({ k: "one", alts: phrases(alts), capture: false });
/** As `one`, and the word or phrase matched is a capture. */
export const pick = (...alts: string[]): Part => ({ k: "one", alts: phrases(alts), capture: true });
/** The parts, or nothing (tried with the parts first). */
export const opt = (...parts: Part[]): Part => ({ k: "opt", parts });
/** Any number of the words (fillers: "super very really"). */
export const star = (...alts: string[]): Part => ({ k: "star", alts: phrases(alts) });
/** Not followed by one of these words (nothing consumed). */
export const not = (...alts: string[]): Part => ({ k: "not", alts: phrases(alts) });
/** One or more words, captured; the fewest that let the rest match. */
export const SPAN: Part = { k: "span", greedy: false };
/** One or more words, captured; the most that let the rest match. */
export const LONGEST: Part = { k: "span", greedy: true };
/** A span whose words (and the character before them) pass `ok`: "a quoted title". */
export const spanWhere = (ok: (words: string, before: string) => boolean, greedy = false): Part => ({ k: "span", greedy, ok });

const DIGITS = /^\d+$/;

function phraseAt(tokens: Token[], i: number, phrase: string[]): boolean {
  for (let j = 0; j < phrase.length; j++) {
    const t = tokens[i + j];
    const want = phrase[j] ?? "";
    if (!t || (t.w !== want && !(want === "<n>" && DIGITS.test(t.w)))) return false;
  }
  return true;
}

type Capture = { from: number; to: number };

/** Split-off marks: the only tokens that may sit against the word before them. */
const MARK = new Set([":", ",", "=", "'s", "'"]);
const SEPARATOR = new Set([":", ",", "="]);

/**
 * Whether a part may start at token i: "dentist's", "notes:" split into two tokens, but only a
 * mark may be read apart from the word it is glued to (and a word glued after ":" or ",", as in
 * "notes:bring receipts", starts afresh).
 */
function startsFree(tokens: Token[], i: number, mark: boolean): boolean {
  const t = tokens[i];
  return !t || !t.glued || mark || SEPARATOR.has(tokens[i - 1]?.w ?? "");
}

function matchAt(parts: Part[], p: number, tokens: Token[], i: number, caps: Capture[], text: string): Capture[] | null {
  if (p === parts.length) return i === tokens.length ? caps : null;
  const part = parts[p]!;
  if (part.k === "span" && !startsFree(tokens, i, false)) return null;
  switch (part.k) {
    case "one":
      for (const alt of part.alts) {
        if (!phraseAt(tokens, i, alt) || !startsFree(tokens, i, MARK.has(alt[0] ?? ""))) continue;
        const next = part.capture ? [...caps, { from: i, to: i + alt.length }] : caps;
        const m = matchAt(parts, p + 1, tokens, i + alt.length, next, text);
        if (m) return m;
      }
      return null;
    case "opt":
      return matchAt([...part.parts, ...parts.slice(p + 1)], 0, tokens, i, caps, text) ?? matchAt(parts, p + 1, tokens, i, caps, text);
    case "star": {
      // Greedy: the longest run of fillers first.
      const ends = [i];
      for (let at = i; ; ) {
        const alt = startsFree(tokens, at, false) ? part.alts.find((a) => phraseAt(tokens, at, a)) : undefined;
        if (!alt) break;
        at += alt.length;
        ends.push(at);
      }
      for (let e = ends.length - 1; e >= 0; e--) {
        const m = matchAt(parts, p + 1, tokens, ends[e]!, caps, text);
        if (m) return m;
      }
      return null;
    }
    case "not":
      return part.alts.some((alt) => phraseAt(tokens, i, alt)) ? null : matchAt(parts, p + 1, tokens, i, caps, text);
    case "span": {
      const last = tokens.length;
      if (i >= last) return null;
      const at = tokens[i]!.at;
      const before = text.slice(Math.max(0, at - 1), at);
      const tryEnd = (end: number) =>
        part.ok && !part.ok(text.slice(at, tokens[end - 1]!.end), before)
          ? null
          : matchAt(parts, p + 1, tokens, end, [...caps, { from: i, to: end }], text);
      if (part.greedy) {
        for (let end = last; end > i; end--) {
          const m = tryEnd(end);
          if (m) return m;
        }
      } else {
        for (let end = i + 1; end <= last; end++) {
          const m = tryEnd(end);
          if (m) return m;
        }
      }
      return null;
    }
  }
}

/** A quick necessary test: every word part the rule requires has one of its first words in the clause. */
function mayMatch(parts: Part[], tokens: Token[]): boolean {
  const said = new Set(tokens.map((t) => t.w));
  return parts.every((part) => part.k !== "one" || part.alts.some((alt) => alt[0] === "<n>" || said.has(alt[0] ?? "")));
}

/**
 * The clause's text for each capture (index 0: the whole clause), as a regex match gives its
 * groups, or null when the parts do not cover the clause from its first word to its last.
 */
export function matchWords(parts: Part[], text: string, tokens: Token[]): string[] | null {
  if (!mayMatch(parts, tokens)) return null;
  const caps = matchAt(parts, 0, tokens, 0, [], text);
  if (!caps) return null;
  return [text, ...caps.map((c) => text.slice(tokens[c.from]!.at, tokens[c.to - 1]!.end))];
}
