/**
 * Reading a clause word by word instead of by sentence regexes: a clause is a list of words, a
 * rule says which phrases may open it (lead) and close it (tail), and what is left between them
 * is the target handed to the reference readers. Phrases are written as slots of alternatives
 * ("as|to|", "pending|not done"); an empty alternative makes a slot optional, "*" is any one word.
 * Matching tries the rule's phrases at the clause's two ends, longest first: its work depends on the
 * rule, not on the clause (no regex over the sentence, nothing to backtrack over the words).
 */

/** A set of phrases, each a list of words, longest first. */
export type Phrases = readonly (readonly string[])[];

/** Every phrase made of one alternative per slot: phrases("from|off", "my|the", "list") → "from my list", … */
export function phrases(...slots: string[]): Phrases {
  let out: string[][] = [[]];
  for (const slot of slots) {
    const next: string[][] = [];
    for (const alt of slot.split("|")) for (const p of out) next.push([...p, ...alt.split(" ").filter(Boolean)]);
    out = next;
  }
  const seen = new Set<string>();
  return out
    .filter((p) => {
      const key = p.join(" ");
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.length - a.length);
}

/** The same phrases, or nothing. */
export function optional(p: Phrases): Phrases {
  return p.some((x) => x.length === 0) ? p : [...p, []];
}

function same(phrase: readonly string[], ws: readonly string[], at: number): boolean {
  return phrase.every((w, k) => w === "*" || ws[at + k] === w);
}

/** The lengths (longest first) of the phrases that cover `ws` from `from`, ending by `to`. */
function lengthsAtStart(ws: readonly string[], from: number, set: Phrases, to: number): number[] {
  const out: number[] = [];
  for (const p of set) if (from + p.length <= to && !out.includes(p.length) && same(p, ws, from)) out.push(p.length);
  return out;
}

/** The lengths (longest first) of the phrases that end at `to`, starting at `from` or later. */
function lengthsAtEnd(ws: readonly string[], to: number, set: Phrases, from: number): number[] {
  const out: number[] = [];
  for (const p of set) if (to - p.length >= from && !out.includes(p.length) && same(p, ws, to - p.length)) out.push(p.length);
  return out;
}

/** How many words of `ws` from `from` one of the phrases covers (longest); -1 when none does. */
export function atStart(ws: readonly string[], from: number, set: Phrases, to = ws.length): number {
  return lengthsAtStart(ws, from, set, to)[0] ?? -1;
}

/** How many words of `ws` before `to` one of the phrases covers (longest); -1 when none does. */
export function atEnd(ws: readonly string[], to: number, set: Phrases, from = 0): number {
  return lengthsAtEnd(ws, to, set, from)[0] ?? -1;
}

/** A clause's shape: phrases in order before the target, and in order after it. */
export type Shape = { lead?: Phrases[]; tail?: Phrases[] };

/**
 * The words between the lead and the tail (at least one), or null when the clause has another
 * shape. Each part tries its matching phrases longest first and gives way to a shorter one when
 * a later part fails ("meeting now done": "now" is the verb, not an adverb); the tries depend
 * on the rule's phrases, never on the clause's length.
 */
export function targetOf(ws: readonly string[], shape: Shape): string[] | null {
  const lead = shape.lead ?? [];
  const tail = shape.tail ?? [];
  const fromTail = (k: number, i: number, j: number): string[] | null => {
    if (k < 0) return j > i ? ws.slice(i, j) : null;
    for (const n of lengthsAtEnd(ws, j, tail[k]!, i + 1)) {
      const found = fromTail(k - 1, i, j - n);
      if (found) return found;
    }
    return null;
  };
  const fromLead = (k: number, i: number): string[] | null => {
    if (k === lead.length) return fromTail(tail.length - 1, i, ws.length);
    for (const n of lengthsAtStart(ws, i, lead[k]!, ws.length)) {
      const found = fromLead(k + 1, i + n);
      if (found) return found;
    }
    return null;
  };
  return fromLead(0, 0);
}

/** A clause's words: split at blanks, "'s" on its own ("the party's off" → the party 's off). */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const w of text.split(" ")) {
    if (!w) continue;
    if (w.length > 2 && w.endsWith("'s")) out.push(w.slice(0, -2), "'s");
    else out.push(w);
  }
  return out;
}

/** Words back into text, "'s" glued to the word before. */
export function joinWords(ws: readonly string[]): string {
  let out = "";
  for (const w of ws) out = !out ? w : w.startsWith("'") ? out + w : `${out} ${w}`;
  return out;
}
