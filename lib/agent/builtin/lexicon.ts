/**
 * The one lexicon of the words that carry a request: verb classes (what a verb asks the
 * assistant to do) with every inflection generated from the base form, so a reader that wants
 * "postpone" in any form writes `verbs("postpone", "any")` instead of repeating
 * postpone|postponed|postponing|delay|delayed|defer… in its own regex.
 */
import { isBaseVerb } from "./verbs";

export type VerbClass =
  | "add"
  | "complete"
  | "delete"
  | "move"
  | "postpone"
  | "push"
  | "advance"
  | "raise"
  | "lower"
  | "rename"
  | "show"
  | "undo"
  | "plan"
  | "set";

export type Form = "base" | "third" | "past" | "gerund";

const LEXICON: Record<VerbClass, string[]> = {
  add: ["add", "create", "put down", "jot down", "note down", "write down", "log", "record", "remind me"],
  complete: ["complete", "finish", "tick off", "check off", "cross off", "mark off", "close", "wrap up"],
  delete: ["delete", "remove", "erase", "get rid of", "scrap", "discard", "ditch", "drop", "cancel", "bin", "trash"],
  move: ["move", "reschedule", "shift", "switch", "re-schedule"],
  postpone: ["postpone", "delay", "defer", "put off", "push back", "knock back", "hold off on", "hold off", "snooze"],
  push: ["push", "push out", "bump", "slide", "slip", "move back", "kick"],
  advance: ["bring forward", "move up", "pull forward", "pull in", "bring in", "move forward"],
  raise: ["raise", "increase", "bump up", "up", "escalate", "prioritise", "prioritize", "upgrade"],
  lower: ["lower", "decrease", "reduce", "downgrade", "deprioritise", "deprioritize", "demote"],
  rename: ["rename", "retitle", "re-title", "re-name", "call"],
  show: ["show", "list", "display", "view", "see", "read out", "pull up", "bring up"],
  undo: ["undo", "revert", "take back", "roll back", "reverse"],
  plan: ["plan", "organise", "organize", "structure", "sort out", "arrange", "schedule", "prioritise", "prioritize", "map out"],
  set: ["make", "set", "mark", "change", "update", "turn", "flag"],
};

const IRREGULAR: Record<string, Partial<Record<Form, string>>> = {
  put: { past: "put", gerund: "putting" },
  set: { past: "set", gerund: "setting" },
  make: { past: "made" },
  get: { past: "got", gerund: "getting" },
  write: { past: "wrote|written" },
  bring: { past: "brought" },
  pull: {},
  take: { past: "took|taken" },
  read: { past: "read" },
  see: { past: "saw|seen" },
  hold: { past: "held" },
  up: { past: "upped", gerund: "upping", third: "ups" },
  drop: { past: "dropped", gerund: "dropping" },
  plan: { past: "planned", gerund: "planning" },
  scrap: { past: "scrapped", gerund: "scrapping" },
  slip: { past: "slipped", gerund: "slipping" },
  bin: { past: "binned", gerund: "binning" },
  map: { past: "mapped", gerund: "mapping" },
  defer: { past: "deferred", gerund: "deferring" },
  slide: { past: "slid" },
  log: { past: "logged", gerund: "logging" },
};

function inflectWord(word: string, form: Form): string {
  const irregular = IRREGULAR[word]?.[form];
  if (irregular) return irregular;
  switch (form) {
    case "base":
      return word;
    case "third":
      if (/(?:s|x|z|ch|sh|[^aeiou]o)$/.test(word)) return `${word}es`;
      if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
      return `${word}s`;
    case "past":
      if (/e$/.test(word)) return `${word}d`;
      if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ied`;
      return `${word}ed`;
    case "gerund":
      if (/[^e]e$/.test(word)) return `${word.slice(0, -1)}ing`;
      return `${word}ing`;
  }
}

/** A verb (possibly phrasal: "put off") in one form; only the first word inflects. */
export function inflect(verb: string, form: Form): string {
  const [head = "", ...rest] = verb.split(" ");
  return [inflectWord(head, form), ...rest].join(" ");
}

const FORMS: Form[] = ["base", "third", "past", "gerund"];
const cache = new Map<string, string>();

/**
 * A regex alternation (no group) of the class's verbs in the given forms, longest first so
 * "push back" wins over "push". Phrasal verbs allow the object between their words to be absent only.
 */
export function verbs(cls: VerbClass | VerbClass[], forms: Form | Form[] | "any" = "base"): string {
  const classes = Array.isArray(cls) ? cls : [cls];
  const wanted = forms === "any" ? FORMS : Array.isArray(forms) ? forms : [forms];
  const key = `${classes.join(",")}:${wanted.join(",")}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const source = `(?:${verbWords(classes, wanted)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"))
    .join("|")})`;
  cache.set(key, source);
  return source;
}

/** The class's verbs (phrasal ones with their words space-separated) in the given forms, longest first. */
export function verbWords(cls: VerbClass | VerbClass[], forms: Form | Form[] | "any" = "base"): string[] {
  const classes = Array.isArray(cls) ? cls : [cls];
  const wanted = forms === "any" ? FORMS : Array.isArray(forms) ? forms : [forms];
  const words = new Set<string>();
  for (const c of classes) for (const v of LEXICON[c]) for (const f of wanted) for (const w of inflect(v, f).split("|")) words.add(w);
  return [...words].sort((a, b) => b.length - a.length);
}

/** The classes a word (any form) belongs to. */
export function classesOf(word: string): VerbClass[] {
  const w = word.toLowerCase().trim();
  return (Object.keys(LEXICON) as VerbClass[]).filter((c) => new RegExp(`^${verbs(c, "any")}$`).test(w));
}

/**
 * Interjections: words of talk, never of a to-do's title ("bank holiday monday yay", "payday
 * thursday thank god"). One list for every reader: a dated message holding one is a remark
 * (intents/index.ts `talks`), a title made only of them names nothing to do (gate.ts), and a
 * phrase holding one is never a thing to get (add.ts, rule thing-wanted).
 */
export const INTERJECTIONS: ReadonlySet<string> = new Set(
  "yay boo booo haha hahaha lmao woo woohoo eek yikes omg hooray sigh god apparently ugh argh meh ffs jeez lol grim".split(" "),
);

/**
 * "long weekend coming up", "mother in law staying from friday", "waiting in for a parcel": a verb
 * of being somewhere or on the way, in -ing, tells what is happening; never a chore nor a thing to get.
 * (Not "leaving", "landing", "sleeping": also nouns of things — "leaving card", "the landing", "sleeping bag".)
 */
export const UNDER_WAY: ReadonlySet<string> = new Set(
  "coming going happening looming approaching staying visiting arriving waiting travelling traveling heading popping working".split(" "),
);

/**
 * How a thing (or a person) is, after an 's that is "is" ("camera's ancient", "oven's filthy again", "car's
 * proper knackered", "mum's nervous about tuesday"): a judgement, so the message is a remark, never a title (gate.ts).
 */
export const JUDGEMENTS: ReadonlySet<string> = new Set(
  (
    "ancient old knackered broken bust dead dying filthy manky minging gross rank dodgy rubbish useless shocking awful terrible " +
    "horrible lovely gorgeous amazing brilliant great fine perfect fab huge massive tiny expensive pricey cheap overdue late early " +
    "ready empty full lost missing stuck jammed leaking noisy loud slow cold freezing boiling damp mouldy moldy mental insane " +
    "ridiculous nuts crazy weird strange odd off low " +
    // How a person is ("mum's proper nervous about tuesday", "dad's poorly again").
    "nervous worried anxious scared terrified upset excited gutted stressed chuffed poorly unwell fuming livid furious thrilled"
  ).split(" "),
);
/** Words that strengthen a judgement ("so", "proper", "well"). */
const INTENSIFIERS: ReadonlySet<string> = new Set(
  "so well proper dead really very totally absolutely completely literally a bit kinda".split(" "),
);

/** What the user thinks of a thing ("rubbish", "boring", "a joke"): an opinion, never a note, a label or a to-do. */
export const OPINION_WORDS: ReadonlySet<string> = new Set(
  (
    "rubbish great amazing awful boring brilliant terrible shit crap good bad useless pointless nightmare pain joke mess garbage " +
    "trash fine ok okay excellent fab lovely gorgeous dull tedious annoying interesting fascinating dreadful horrible nice cool " +
    "fun stunning epic mint sick ace wild weird painful grim dire gold genius"
  ).split(" "),
);
const OPINION_HEADS = ["it's", "its", "it is", "it was", "that's", "thats", "that was", "was", "is", "they're", "theyre", "they were"].map(
  (h) => h.split(" "),
);
const OPINION_MORE = new Set([...INTENSIFIERS, "pretty", "quite", "such", "total", "utter", "absolute", "complete", "a"]);
const OPINION_TAIL = new Set("tbh lol though tho honestly really haha imo".split(" "));

/** "it's rubbish", "that was so boring", "they're a joke tbh": a clause that is only an opinion of a thing. */
export function saysOpinion(clause: string): boolean {
  const w =
    clause
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[a-z']+/g) ?? [];
  const head = OPINION_HEADS.find((h) => h.every((x, i) => w[i] === x));
  if (!head) return false;
  let i = head.length;
  while (OPINION_MORE.has(w[i] ?? "")) i++;
  return OPINION_WORDS.has(w[i] ?? "") && w.slice(i + 1).every((x) => OPINION_TAIL.has(x));
}

/** Negations a title or a thing to get never holds ("kids nativity wednesday, can't wait"). */
export const NEGATIONS: ReadonlySet<string> = new Set(
  "not never no can't cant cannot won't wont don't dont isn't isnt aren't arent wasn't wasnt didn't didnt shouldn't couldn't".split(" "),
);

/** Words that never name a task on their own: function words and the "one/thing/stuff" of "the glasses one". */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "the a an my our your his her their this that these those it its it's one ones thing things stuff bit job task tasks todo to-do item " +
    "to for of in on at by with from into onto off out up about re abt bout and or but so i i'm i've i'd me we us you u is are was be been being am " +
    "'s s do does did done have has had get got go goes going gone need needs want wants can could should would will shall may might must " +
    "just please pls now then also too again still already really actually tbh ok okay right yeah yep oh um hmm well new some all any"
  ).split(" "),
);

/**
 * "camera's ancient", "oven's proper filthy again": an 's that is "is", then how the thing is, and
 * nothing after but talk ("mum's old sofa" is whose sofa). Lower-case words.
 */
export function saysHowItIs(words: string[]): boolean {
  return words.some((w, i) => {
    if (!JUDGEMENTS.has(w)) return false;
    const before = words
      .slice(0, i)
      .reverse()
      .find((x) => !INTENSIFIERS.has(x));
    return before?.endsWith("'s") === true && words.slice(i + 1).every((x) => FUNCTION_WORDS.has(x) || INTERJECTIONS.has(x));
  });
}

/** "bug reports keep piling up", "the cat keeps being sick": "keep(s)" then a verb in -ing after its subject. */
export function keepsDoing(words: string[]): boolean {
  return words.some((w, i) => i > 0 && (w === "keep" || w === "keeps") && /..ing$/.test(words[i + 1] ?? ""));
}

/**
 * "bins stink", "kids love it", "plants need water": things, then what they do (a plural and a verb
 * in the present) is a sentence, never a thing to get ("bin bags", "tea towels" are no verb after a plural).
 */
export function pluralDoes(words: string[]): boolean {
  const [thing = "", does = ""] = words;
  return /^[a-z]{2,}[^s']s$/.test(thing) && (isBaseVerb(does) || SAID_OF_THINGS.has(does)) && !FUNCTION_WORDS.has(does);
}
/** Verbs said of things in the present, which the chore verbs lack ("bins stink", "the kids adore it"). */
const SAID_OF_THINGS = new Set("stink smell suck rock rule hurt ache leak adore reek pong hum".split(" "));

/** One-word verbs of moving a task's day, in the base form and in -ing ("move", "pushing"). */
const MOVE_VERBS = new Set(verbWords(["move", "postpone", "push"], ["base", "gerund"]).filter((w) => !w.includes(" ")));
/**
 * "should i move the cake tasting to next weekend?": the thing a question asks to move, or null.
 * The lookup is for that thing; a move is offered for a task found, never an add of "Move …".
 */
export function movedThing(title: string): string | null {
  const w = title.toLowerCase().split(/\s+/).filter(Boolean);
  // "should i push the florist to friday?" reads as "I push the florist to".
  if (w[0] === "i" || w[0] === "we") w.shift();
  if (!MOVE_VERBS.has(w[0] ?? "")) return null;
  let end = w.length;
  while (end > 1 && ["to", "till", "until", "til", "back", "forward", "a", "week", "day", "bit", "on"].includes(w[end - 1]!)) end--;
  const thing = w.slice(1, end).join(" ");
  return thing || null;
}

/**
 * opinion-asked (w14): a closing tag that asks what the assistant thinks ("…, or is that daft",
 * "… do you reckon", "… or not?", "… would that work"): the message asks for advice, so whatever
 * it says is offered or answered, never written. Lower-case text.
 */
export const OPINION_ASKED =
  /(?:\bor (?:is|would) that (?:be )?(?:daft|silly|stupid|mad|crazy|dumb|pointless|overkill|too late|a bad idea|a good idea)|\bdo (?:you|u|ya) (?:think|reckon)|\bd'?(?:you|ya) reckon|\bwhat do (?:you|u) (?:think|reckon)|\b(?:you|u) reckon|\bor not|\bis that (?:ok|okay|alright|fine|daft|silly|mad)|\bwould that (?:work|be ok|be okay|be daft|be mad|be silly))[?!. ]*$/;

/** Short forms people type for a title's word ("amira's exam prep" for 'Prepare Amira for her grade 5 exam'). */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  prep: "prepare",
  appt: "appointment",
  admin: "administration",
  info: "information",
  docs: "documents",
  uni: "university",
  reg: "registration",
  ref: "referee",
  physio: "physiotherapy",
  rehab: "rehabilitation",
  med: "medication",
  jan: "january",
  feb: "february",
  apr: "april",
  aug: "august",
  sept: "september",
  oct: "october",
  nov: "november",
  dec: "december",
};
/** Whether one word is the other's short form (either way round). */
export function shortFormOf(a: string, b: string): boolean {
  return SHORT_FORMS[a] === b || SHORT_FORMS[b] === a;
}
