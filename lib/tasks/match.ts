/**
 * Forgiving matching of a person's words to one of their task titles: case, punctuation,
 * word order, small typos and British/American spellings do not matter. Pure: the caller
 * supplies the candidates (already scoped to the user).
 */
import type { TaskStatus, TaskView } from "@/lib/tasks/schema";

const STOP_WORDS = new Set([
  "the",
  "a",
  "an",
  "my",
  "task",
  "tasks",
  "todo",
  "to-do",
  "item",
  "one",
  "thing",
  "stuff",
  "called",
  "named",
  "titled",
  "about",
  "that",
  "this",
  // "all the hampers are packed" is 'Pack the Christmas hampers' done.
  "all",
]);

/** Everyday words for the same thing ("sam's present" is the task "Buy a gift for Sam"). */
const SAME_THING: Record<string, string> = {
  licence: "license",
  cheque: "check",
  grey: "gray",
  programme: "program",
  tyre: "tire",
  present: "gift",
  presents: "gifts",
  pressie: "gift",
  prezzie: "gift",
  mom: "mum",
  moms: "mums",
  mam: "mum",
  bday: "birthday",
  // "flashcards for yr1": a school year, short.
  yr: "year",
  yrs: "years",
  xmas: "christmas",
  chrimbo: "christmas",
  telly: "tv",
  // "got dad's tablets" is "Collect Dad's prescription".
  meds: "prescription",
  medication: "prescription",
  medicine: "prescription",
  tablets: "prescription",
  pills: "prescription",
  // Trades by their everyday names ("paid the sparky").
  sparky: "electrician",
  sparkie: "electrician",
  brickie: "bricklayer",
};

/**
 * Verbs that do the same to a task ("spoke to the plumber" is the task "Ring the plumber"). Only
 * for matching a reference to a title (wordScore), never for searching or for an exact title, and
 * the other words must still match: "phoned mum" finds "Call mum", never "Visit mum".
 */
const SAME_ACT: readonly (readonly string[])[] = [
  ["call", "ring", "phone", "speak", "talk", "contact", "bell"],
  ["email", "message", "text", "msg", "contact", "dm", "whatsapp"],
  // "got the subs in" is "Collect subs from the parents" done.
  ["collect", "pick", "fetch", "get"],
  // "grabbed the gaffer tape" is "Buy more gaffer tape" done.
  ["buy", "grab", "get", "pick"],
  ["reply", "respond", "answer", "email", "message", "text"],
  ["pay", "settle"],
  ["review", "approve", "check"],
];
function sameAct(a: string, b: string): boolean {
  return SAME_ACT.some((group) => group.includes(a) && group.includes(b));
}

/** The words a title may use for one canonical word ("gift" → gift, present, pressie, prezzie; "call" → ring, phone…): for searching. */
export function spellingsOf(canonical: string): string[] {
  const acts = SAME_ACT.filter((group) => group.includes(canonical)).flat();
  return [...new Set([canonical, ...Object.keys(SAME_THING).filter((k) => SAME_THING[k] === canonical), ...acts])];
}

/** British → American endings and everyday variants, applied to single words. */
function canonicalWord(word: string): string {
  const same = SAME_THING[word];
  if (same) return same;
  let w = word;
  w = w.replace(/(?<=\w{2})our$/, "or").replace(/(?<=\w{2})ours$/, "ors");
  w = w.replace(/(?<=\w{3})is(e|ed|es|ing)$/, "iz$1").replace(/(?<=\w{3})isation$/, "ization");
  w = w.replace(/(?<=\w{3})tre$/, "ter");
  return w;
}

/** Verbs that with "back" say return ("send the parcel back", "took the books back", "dropped the keys back"). */
const BACK_IS_RETURN = new Set([
  "send",
  "sent",
  "sending",
  "take",
  "took",
  "taking",
  "bring",
  "brought",
  "give",
  "gave",
  "post",
  "posted",
  "drop",
  "dropped",
  "dropping",
]);
/** "send the parcel back" is "return the parcel", on both sides of a match. */
function backAsReturn(words: string[]): string[] {
  const back = words.indexOf("back");
  const verb = words.findIndex((w) => BACK_IS_RETURN.has(w));
  if (back < 0 || verb < 0 || verb > back) return words;
  return words.flatMap((w, i) => (i === verb ? ["return"] : i === back ? [] : [w]));
}

export function normalizeWords(text: string): string[] {
  return backAsReturn(
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      // "jo's present" is about Jo: the possessive goes before the apostrophes ("nan's" → "nan").
      .replace(/['’]s\b/g, "")
      .replace(/['’]/g, "")
      // "yr1", "year6": a school year written as one word.
      .replace(/\b(yr|year)(\d{1,2})\b/g, "$1 $2")
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(canonicalWord),
  );
}

function significant(words: string[]): string[] {
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length ? kept : words;
}

/** The words of a reference that matching weighs (normalized, without filler like "the task"). */
export function significantWords(text: string): string[] {
  return significant(normalizeWords(text));
}

/**
 * Edits between two words (insert, delete, substitute, or swap two neighbouring letters: "pulmber"
 * is one from "plumber"), or `max + 1` as soon as it must be more than `max`.
 */
export function editDistance(a: string, b: string, max = Math.max(a.length, b.length)): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    // A swap reaches back two rows, so both must be past the limit.
    if (rowMin > max && prevMin + 1 > max) return max + 1;
    before = prev;
    prev = cur;
    prevMin = rowMin;
  }
  return prev[b.length]!;
}

function stem(word: string): string {
  // "nappys", "nappies" and "nappy" are one word: a plural in -ies or -ys stems to its -y.
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith("ys")) return word.slice(0, -1);
  const cut = word.length > 4 ? word.replace(/(ing|ed|es|s)$/, "") : word;
  // "tasting" and "taste", "invites" and "invite": a verb's silent "e" goes with its ending.
  return cut.length > 4 && cut.endsWith("e") ? cut.slice(0, -1) : cut;
}

/** How well one query word matches one title word: 1 exact, 0.8 stem/typo, 0.6 prefix, 0 none. */
function wordScore(q: string, t: string): number {
  if (q === t) return 1;
  if (stem(q) === stem(t)) return 0.9;
  const allowed = q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
  if (allowed && editDistance(q, t, allowed) <= allowed) return 0.8;
  if (q.length >= 3 && t.startsWith(q)) return 0.6;
  // "invites" for "invitations", "decorates" for "decorations": a stem of five letters or more that starts the other.
  const qs = stem(q);
  const ts = stem(t);
  if (qs.length >= 5 && ts.startsWith(qs) && ts.length - qs.length <= 5) return 0.6;
  if (sameAct(q, t)) return 0.6;
  // "the parcel collection" for "Collect the parcel", "insurance renewal" for "Renew the insurance".
  if (nounOfVerb(q, t) || nounOfVerb(t, q)) return 0.8;
  // "nativity copying" for "Photocopy the nativity scripts": the head of the compound said as a verb.
  if (compoundHead(q, t) || compoundHead(stem(q), t)) return 0.6;
  // "toms" for "tomatoes", "spuds"…: a clipped word said in the plural.
  if (q.length >= 4 && q.endsWith("s") && t.length > q.length + 1 && t.startsWith(q.slice(0, -1))) return 0.6;
  return 0;
}

/** Heads too common to name a compound on their own ("work" is not "homework", "room" not "bathroom"). */
const COMMON_HEAD = new Set("work time room line side ward wards where thing things body land ship hood".split(" "));
/**
 * Whether `head` is the last part of the compound `word`, singular or plural: "hive" of "beehive", "ball" of "football",
 * three letters or more before it. One reading for the tools' matcher and the built-in model's grounding.
 */
export function compoundHead(head: string, word: string): boolean {
  const h = head.replace(/s$/, "");
  const w = word.replace(/s$/, "");
  return h.length >= 4 && w.length >= h.length + 3 && w.endsWith(h) && !COMMON_HEAD.has(h);
}

/** A noun made of a verb by its ending ("collection" of collect, "renewal" of renew, "payment" of pay). */
const NOUN_ENDINGS = new Set(["ion", "al", "ment", "y", "ery"]);
function nounOfVerb(noun: string, verb: string): boolean {
  if (verb.length >= 3 && noun.startsWith(verb) && NOUN_ENDINGS.has(noun.slice(verb.length))) return true;
  // "revision" of "revise", "registration" of "register", "renovation" of "renovate".
  const root = verb
    .replace(/(?:ate|e)$/, "")
    .replace(/er$/, "r")
    .replace(/iz$/, "is");
  return root.length >= 4 && root !== verb && noun.startsWith(root) && /^(?:ation|ition|ion|al)$/.test(noun.slice(root.length));
}

export type MatchScore = { coverage: number; quality: number; exact: boolean };

/** Everyday words for a person known by what they do ("the milk guy", "the window man"). */
const PERSON_WORD = new Set("guy guys man men bloke blokes lady ladies woman women fella chap person people folk folks lot".split(" "));
/** A noun for who does a trade ("supplier", "cleaner", "electrician", "dentist"). */
const AGENT_NOUN = /^[a-z]{3,}(?:er|or|ist|ian)s?$/;
/** "milk guy" for "the milk supplier": a person word right after a word that a title word matches, when the title's next word names who. */
function personAfter(q: string[], i: number, t: string[]): number {
  if (i === 0 || !PERSON_WORD.has(q[i]!)) return 0;
  const j = t.findIndex((tw) => wordScore(q[i - 1]!, tw) >= 0.8);
  return j >= 0 && AGENT_NOUN.test(t[j + 1] ?? "") ? 0.6 : 0;
}

/** "pr" for "pull request", "mot" for "MOT": a short word that is the initials of title words next to each other. */
function initialsIn(q: string, t: string[]): boolean {
  return initialsRun(q, significant(t)) !== null;
}

/**
 * The run of words next to each other (a title's content words, in order) that a short word is the initials of
 * ("pr": pull request), or null. One reading of initials for the tools' matcher and the built-in model's grounding.
 */
export function initialsRun(word: string, words: readonly string[]): string[] | null {
  if (!/^[a-z]{2,4}$/.test(word)) return null;
  for (let i = 0; i + word.length <= words.length; i++) {
    const run = words.slice(i, i + word.length);
    if (run.every((x, k) => x[0] === word[k])) return run;
  }
  return null;
}

/** Particles of a phrasal verb ("pick up", "stock up on", "send off") that a title with another verb does not say. */
const PARTICLES = new Set(["up", "off", "out", "down", "back", "on"]);
/** "stock up on poo bags" is "stock poo bags" beside "Buy more poo bags": the leading verb's particles, when the title lacks them. */
function withoutParticles(q: string[], t: string[]): string[] {
  let end = 1;
  while (end < q.length - 1 && end <= 2 && PARTICLES.has(q[end]!) && !t.includes(q[end]!)) end++;
  const rest = end > 1 ? [q[0]!, ...q.slice(end)] : q;
  // "get the subs in", "send the fixtures out": the particle closing the reference, when the title lacks it.
  const last = rest.at(-1)!;
  return rest.length >= 3 && (PARTICLES.has(last) || last === "in") && !t.includes(last) ? rest.slice(0, -1) : rest;
}

/** Measures of a thing got ("4 rolls of gaffer tape", "two bags of compost"). */
const MEASURE =
  /^(?:rolls?|packs?|packets?|bags?|boxes|box|bottles?|tins?|cans?|pints?|loaves|loaf|bars?|sheets?|pairs?|bunch(?:es)?|tubs?|jars?|cartons?|crates?|sacks?|reams?|tubes?|lots?)$/;
/** "4 rolls of gaffer tape" is "gaffer tape" beside "Buy more gaffer tape": how much, when the title says no number. */
function withoutMeasure(q: string[], t: string[]): string[] {
  const i = q.findIndex(
    (w, k) => /^(?:\d+|two|three|four|five|six|ten|a|some)$/.test(w) && MEASURE.test(q[k + 1] ?? "") && q[k + 2] === "of",
  );
  return i >= 0 && !t.includes(q[i]!) && !t.includes(q[i + 1]!) ? [...q.slice(0, i), ...q.slice(i + 3)] : q;
}

export function scoreTitle(query: string, title: string): MatchScore {
  const t = normalizeWords(title);
  const q = withoutMeasure(withoutParticles(significant(normalizeWords(query)), t), t);
  if (!q.length || !t.length) return { coverage: 0, quality: 0, exact: false };
  let matched = 0;
  let quality = 0;
  for (const [i, qw] of q.entries()) {
    // "clearout" for "Clear out the garage", "washingup" for "washing up": one word said for two.
    const joined = qw.length >= 6 && t.some((tw, k) => k + 1 < t.length && tw + t[k + 1] === qw) ? 0.9 : 0;
    const best = Math.max(joined, personAfter(q, i, t), initialsIn(qw, t) ? 0.8 : 0, ...t.map((tw) => wordScore(qw, tw)));
    if (best > 0) matched++;
    quality += best;
  }
  const exact = q.join(" ") === significant(t).join(" ");
  // Title words left unexplained lower the quality a little, so "buy milk" prefers "Buy milk" over "Buy milk and eggs".
  const titleCoverage = significant(t).filter((tw) => q.some((qw) => wordScore(qw, tw) > 0)).length / significant(t).length;
  return { coverage: matched / q.length, quality: quality / q.length + titleCoverage * 0.05, exact };
}

/** Words that own a thing in a reference ("my kitchen", "my own plants", "our car"). */
const OWNING = new Set(["my", "our", "own", "mine"]);
/** Words before a title's noun that say nothing of whose or which it is. */
const PLAIN_BEFORE = new Set(
  "the a an my our some your new repeat annual yearly monthly weekly usual regular next last spare old big small little".split(" "),
);

/**
 * "my kitchen" is not "the office kitchen", "my own present" not "tom's present": the reference says
 * the thing is the user's own while the title qualifies the same noun with a word the reference does
 * not say (a place, a person's name). Such a task is never the one meant.
 */
function ownedElsewhere(reference: string, title: string): boolean {
  const q = reference
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
  const own = q.findIndex((w) => OWNING.has(w));
  if (own < 0) return false;
  const noun = q.slice(own + 1).find((w) => !OWNING.has(w) && !STOP_WORDS.has(w));
  if (!noun) return false;
  const t = title
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter(Boolean);
  const k = t.findIndex((w) => wordScore(noun, w.replace(/'s$/, "")) >= 0.9);
  const before = k > 0 ? t[k - 1]! : "";
  if (!before || PLAIN_BEFORE.has(before)) return false;
  const said = normalizeWords(reference);
  return !said.some((w) => wordScore(w, before.replace(/'s$/, "")) > 0);
}

/** Words that join a task's verb to the one it is for or with ("reply to tom", "a cake for gran"). */
const FOR_WHOM = new Set(["to", "for", "with", "from"]);

/** The words after the first of FOR_WHOM, without filler ("to the chen family" → chen, family). */
function afterForWhom(words: string[]): { by: string; rest: string[] } | null {
  const k = words.findIndex((w) => FOR_WHOM.has(w));
  if (k < 0) return null;
  const rest = words.slice(k + 1).filter((w) => !STOP_WORDS.has(w) && !FOR_WHOM.has(w));
  return rest.length ? { by: words[k]!, rest } : null;
}

/**
 * "reply to tom" is not "Reply to the Chen family", "send invoice to tom" not "Send invoice to Marlow
 * Bakery": both say whom with the same word and no word of the reference's whom is in the title's.
 */
function someoneElse(reference: string, title: string): boolean {
  const split = (t: string) =>
    t
      .toLowerCase()
      .split(/[^a-z0-9']+/)
      .filter(Boolean)
      .map((w) => w.replace(/'s$/, ""));
  const q = afterForWhom(split(reference));
  const t = q ? afterForWhom(split(title)) : null;
  if (!q || !t || q.by !== t.by) return false;
  // "invoice for acme" is still "Invoice Acme for October": the whom may stand anywhere in the title.
  const all = split(title);
  return !q.rest.some((w) => all.some((x) => wordScore(w, x) > 0));
}

/** Whether a reference names someone else's or another place's thing than the title does ("my kitchen", "reply to tom"). */
export function meantForOther(reference: string, title: string): boolean {
  return ownedElsewhere(reference, title) || someoneElse(reference, title);
}

export type ReferenceResult = { kind: "one"; task: TaskView } | { kind: "ambiguous"; candidates: TaskView[] } | { kind: "none" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves a reference (an id, or words from a title) among the user's tasks.
 * `prefer` breaks ties between otherwise equal matches (e.g. pending ones when completing).
 */
export function resolveReference(reference: string, tasks: TaskView[], prefer?: TaskStatus): ReferenceResult {
  const ref = reference.trim();
  if (UUID.test(ref)) {
    const byId = tasks.find((t) => t.id.toLowerCase() === ref.toLowerCase());
    return byId ? { kind: "one", task: byId } : { kind: "none" };
  }
  const queryWords = significant(normalizeWords(ref));
  const needed = queryWords.length >= 3 ? 2 / 3 : 1;
  const scored = tasks
    .map((task) => ({ task, score: scoreTitle(ref, task.title) }))
    .filter((s) => s.score.coverage >= needed - 1e-9 && !meantForOther(ref, s.task.title));
  if (!scored.length) return { kind: "none" };

  const exact = scored.filter((s) => s.score.exact);
  let pool = exact.length ? exact : scored;
  const best = Math.max(...pool.map((s) => s.score.coverage * 10 + s.score.quality));
  pool = pool.filter((s) => s.score.coverage * 10 + s.score.quality >= best - 0.15);
  if (pool.length > 1 && prefer) {
    const preferred = pool.filter((s) => s.task.status === prefer);
    if (preferred.length) pool = preferred;
  }
  if (pool.length === 1) return { kind: "one", task: pool[0]!.task };
  return { kind: "ambiguous", candidates: pool.slice(0, 10).map((s) => s.task) };
}
