/**
 * Texting spellings read as the words they stand for, one token at a time: "r u free 2moro",
 * "pls add milk b4 fri", "call nan n grandad", "dont 4get 2 book the mot". A token is replaced
 * only when it is a whole word (punctuation around it is kept), and the ambiguous ones ("2", "4",
 * "n", "ur") only where their neighbours say which word is meant, so "buy 2 loaves", "at 4" and
 * "plan b" stay as typed. The readers, the dates and the titles then see the spelled-out message.
 */
import { baseOfPast, isBaseVerb, isPastForm } from "./verbs";

/** Tokens that always stand for the same words. */
const ALWAYS: Readonly<Record<string, string>> = {
  "2day": "today",
  "2moro": "tomorrow",
  "2morro": "tomorrow",
  "2morrow": "tomorrow",
  "2mrw": "tomorrow",
  "2moz": "tomorrow",
  "2mro": "tomorrow",
  "2nite": "tonight",
  txted: "texted",
  txtd: "texted",
  txting: "texting",
  "2night": "tonight",
  b4: "before",
  "4get": "forget",
  "4got": "forgot",
  "4gotten": "forgotten",
  l8r: "later",
  l8er: "later",
  gr8: "great",
  r: "are",
  u: "you",
  thx: "thanks",
  thnx: "thanks",
  thanx: "thanks",
  tx: "thanks",
  cos: "because",
  skool: "school",
  skl: "school",
  coz: "because",
  cuz: "because",
  cus: "because",
  pls: "please",
  plz: "please",
  plss: "please",
  cn: "can",
  cud: "could",
  wud: "would",
  shud: "should",
  shld: "should",
  hve: "have",
  hv: "have",
  rly: "really",
  nxt: "next",
  wd: "would",
  wld: "would",
  shd: "should",
  // Short weekdays that are no other word, spelled out so a clock time after them is read too ("dentist tues 3ish").
  tue: "tuesday",
  tues: "tuesday",
  weds: "wednesday",
  thu: "thursday",
  thur: "thursday",
  thurs: "thursday",
  wknd: "weekend",
  // issue 24 wave 10: parts of the day and everyday words typed short ("every wed nite", "2moro mornin").
  // "staff app one is lowkey urgent": a hedge, as "kinda" (w30).
  lowkey: "kinda",
  nite: "night",
  nites: "nights",
  mornin: "morning",
  evenin: "evening",
  // "wat's most pressing": a question word typed short with its apostrophe (w14), never a to-do's title.
  "wat's": "what's",
  "wot's": "what's",
  "wut's": "what's",
  // Slot words typed fast ("priscription is urgnet", "low priorty").
  urgnet: "urgent",
  urgant: "urgent",
  urgetn: "urgent",
  urjent: "urgent",
  importnat: "important",
  importent: "important",
  imporant: "important",
  imprtant: "important",
  priorty: "priority",
  prioirty: "priority",
  prority: "priority",
  priortiy: "priority",
  // Letters swapped in the commonest words ("teh dentist", "mark it as dnoe").
  teh: "the",
  hte: "the",
  dnoe: "done",
  doen: "done",
  wk: "week",
  wks: "weeks",
  cnt: "can't",
  dnt: "don't",
  wont: "won't",
  wiv: "with",
  // Where the user is, typed short ("wfh tomorrow"): a state told, never a to-do's title.
  wfh: "working from home",
  abt: "about",
  thru: "through",
  // Scots and Northern words for everyday ones ("fae the butcher", "tick it aff", "owt due"), never a task's own.
  fae: "from",
  tae: "to",
  doon: "down",
  oot: "out",
  aff: "off",
  nae: "no",
  wi: "with",
  whit: "what",
  "whit's": "what's",
  gonnae: "going to",
  dinnae: "don't",
  cannae: "can't",
  didnae: "didn't",
  isnae: "isn't",
  wisnae: "wasn't",
  wouldnae: "wouldn't",
  couldnae: "couldn't",
  shouldnae: "shouldn't",
  havenae: "haven't",
  doesnae: "doesn't",
  willnae: "won't",
  divvent: "don't",
  owt: "anything",
  nowt: "nothing",
  summat: "something",
  // Apostrophes left out.
  ive: "i've",
  im: "i'm",
  dont: "don't",
  cant: "can't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  didnt: "didn't",
  doesnt: "doesn't",
  havent: "haven't",
  hasnt: "hasn't",
  hadnt: "hadn't",
  couldnt: "couldn't",
  shouldnt: "shouldn't",
  wouldnt: "wouldn't",
  thats: "that's",
  theres: "there's",
  youre: "you're",
  theyre: "they're",
  weve: "we've",
  youve: "you've",
};

/** After "4" these say it means "for" ("4 me", "4 the weekend", "4 2day"). */
const AFTER_FOR = new Set(
  "me you u him her them us my your ur his our their the a an this that next tomorrow today tonight 2moro 2day 2nite sat sun mon tue tues wed weds thu thur thurs fri saturday sunday monday tuesday wednesday thursday friday work school ages".split(
    " ",
  ),
);
/** After "2" these say it means "to" ("move it 2 2moro", "2 the weekend"), besides a verb ("2 call"). */
const AFTER_TO = new Set(
  "the my your ur next this tomorrow today tonight 2moro 2day 2nite monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat sun".split(
    " ",
  ),
);
/** Before a number these keep it a number ("at 2", "by 4", "2 to 4", "quarter past 4 tomorrow"). */
const BEFORE_NUMBER = new Set(
  // "the first 2 this morning": after a position word the number is a count.
  "at by about around till until til from before after to and or between every only just past half quarter gone first last top bottom".split(
    " ",
  ),
);
/** After "ur" these say it means "you're" ("ur a star", "ur so kind"); otherwise "your". */
const AFTER_YOURE = new Set(
  "a an the so such too very not welcome gonna going being amazing great right wrong always honestly really literally actually genuinely totally absolutely just still".split(
    " ",
  ),
);

/** After "v" these say it means "very" ("v important", "v urgent"); otherwise it stays ("man u v chelsea"). */
const AFTER_VERY = new Set("important imp urgent high low quick busy late early".split(" "));

/** Ordinals that pick a task from the list just shown ("2nd ones sorted"). */
const ORDINAL_WORDS = new Set("first second third fourth fifth last top bottom".split(" "));

/** Short weekdays that are also words ("sat", "sun", "wed"): days only where the message says so. */
const SHORT_DAYS: Readonly<Record<string, string>> = {
  mon: "monday",
  wed: "wednesday",
  fri: "friday",
  sat: "saturday",
  sun: "sunday",
  tmrw: "tomorrow",
};

/** "sat - dentist", "fri: pay gas bill": a short day heading a line before a dash or a colon is the day. */
function headingDay(tokens: readonly string[], k: number, core: string, trail: string): string | null {
  const day = SHORT_DAYS[core];
  if (!day || (k > 0 && !tokens[k - 1]!.endsWith("\n"))) return null;
  return /^[-–:]$/.test(trail) || /^[-–:]$/.test(tokens[k + 1] ?? "") ? day : null;
}

/** Before "b" these say it means "be" ("can b friday", "wont b long"). */
const AFTER_MODAL = new Set("can could will would should must might may cant can't wont won't to gonna shall".split(" "));

/**
 * "picked up me prescription", "paid me rent", "done me tax return" (British): "me" between a deed and
 * a thing is "my"; "called me back", "sent me the link", "picked me up" keep it.
 */
const MY_ME_AFTER = new Set(["up", "off", "out", "in", "done"]);
const NOT_OWNED = new Set(
  "a an the some my your his her our their this that these those it them up off out back in down over round on at to for with about from and or too now later again know everything anything nothing something".split(
    " ",
  ),
);
const ownedAfterMe = (next: string) => /^[a-z]+$/.test(next) && !NOT_OWNED.has(next) && !/day$|night$|morning$|week$/.test(next);

/** Verbs of reminding, after which "us" is "me" ("remind us", "give us a shout" is no request to the app). */
const REMIND_VERB = /^(?:remind|ping|nudge|buzz|text|message)$/;

/** Words ending in "-in" that are no dropped "g" although a chore verb starts them ("login", "robin"). */
const NOT_DROPPED_G = new Set(
  "login logoff checkin signin robin bobbin dobbin begin within cumin muffin basin cabin pippin noggin tannin dustin".split(" "),
);

const SAID_IN: Record<string, string> = {
  thinkin: "thinking",
  wonderin: "wondering",
  hopin: "hoping",
  tryin: "trying",
  wantin: "wanting",
  feelin: "feeling",
  sayin: "saying",
  comin: "coming",
  bein: "being",
  considerin: "considering",
  debatin: "debating",
};

/**
 * "taps drippin worse now", "doin fine", "nippin my heid": "-in" for "-ing" when a known verb is left before it
 * (the doubled consonant and the silent e restored: "dripp" → "drip", "mak" → "make").
 */
function droppedG(core: string): string | null {
  if (core === "doin") return "doing";
  if (core === "goin" || core === "gannin") return "going";
  // Verbs of the mind and of saying, no chores: "thinkin about doin veg boxes" is a musing.
  const said = SAID_IN[core];
  if (said) return said;
  if (core === "nothin" || core === "somethin" || core === "anythin") return `${core}g`;
  if (!/^[a-z]{3,}in$/.test(core) || NOT_DROPPED_G.has(core) || isBaseVerb(core)) return null;
  const stem = core.slice(0, -2);
  // A doubled consonant before "in" is a verb's own ("dripp-", "sitt-"), never a noun's ("muffin", "coffin").
  if (/([bdgmnprt])\1$/.test(stem) && /[aeiou][bdgmnprt]{2}$/.test(stem)) return `${stem}ing`;
  const base = [stem, `${stem}e`].find((c) => c.length >= 3 && isBaseVerb(c));
  return base ? `${stem}ing` : null;
}

/** A word, not a number (it may be a texting spelling itself: "2moro n 2nite"). */
const WORD = /[a-z]/;

function spelled(core: string, prev: string, next: string): string | null {
  const always = ALWAYS[core];
  if (always) return always;
  const word = WORD.test(prev);
  // "3rd ones dealt with": after an ordinal, "ones" is "one's" (the apostrophe left out).
  if (core === "ones") return ORDINAL_WORDS.has(prev) || /^\d+(?:st|nd|rd|th)$/.test(prev) ? "one's" : null;
  if (core === "v") return AFTER_VERY.has(next) ? "very" : null;
  // "mum can b low prio": "be" after a modal; else the letter ("plan b", "vitamin b").
  if (core === "b") return AFTER_MODAL.has(prev) ? "be" : null;
  // "ill crack on with it": "i'll" opening a clause or before a verb; else the word ("feeling ill", "mum is ill").
  if (core === "ill") return prev === "" || isBaseVerb(next) || next === "be" ? "i'll" : null;
  // "rem to post it" is "remember to", "rem me about the vet" is "remind me"; else it stays ("REM sleep").
  if (core === "rem") return next === "to" ? "remember" : next === "me" ? "remind" : null;
  if (core === "me") return MY_ME_AFTER.has(prev) || baseOfPast(prev) !== null ? (ownedAfterMe(next) ? "my" : null) : null;
  // "remind us the night before" (Northern, Scots): "us" asked to be reminded is the one typing.
  if (core === "us") return REMIND_VERB.test(prev) ? "me" : null;
  // "i aint done it yet": "haven't" before a past form; "it aint urgent" is "isn't".
  if (core === "aint" || core === "ain't")
    return isPastForm(next) || baseOfPast(next) !== null || /^(?:done|been|got|gone|had|seen|paid|sent|heard|started)$/.test(next)
      ? "haven't"
      : "isn't";
  if (core === "n") return word && WORD.test(next) ? "and" : null;
  // "flat meeting w jamie n sophie": "w" between words is "with" ("plan w" stays).
  if (core === "w") return word && /^[a-z]{2,}$/.test(next) ? "with" : null;
  // "flashcards for yr1", "yr 6 sats": a school year ("yr mum" is "your").
  const year = /^(?:yr|year)(\d{1,2})$/.exec(core);
  if (year) return `year ${year[1]}`;
  if (core === "yr" && /^\d{1,2}$/.test(next)) return "year";
  if (core === "ur") return AFTER_YOURE.has(next) ? "you're" : "your";
  if (core === "4") return word && !BEFORE_NUMBER.has(prev) && AFTER_FOR.has(next) ? "for" : null;
  if (core === "2") return word && !BEFORE_NUMBER.has(prev) && (AFTER_TO.has(next) || isBaseVerb(next)) ? "to" : null;
  return droppedG(core);
}

/** Splits a token into its leading punctuation, its word and its trailing punctuation. */
export function parts(token: string): [string, string, string] {
  let a = 0;
  let b = token.length;
  while (a < b && !/[\p{L}\p{N}]/u.test(token[a]!)) a++;
  while (b > a && !/[\p{L}\p{N}]/u.test(token[b - 1]!)) b--;
  return [token.slice(0, a), token.slice(a, b), token.slice(b)];
}

/** Questions a "-wise" may close ("anything admin-wise"). */
const ASKED_WISE = /^(?:anything|any|what's|whats|what is|how's|hows|how is|what about)\s/i;

/** "make kaylas trip form high priority hun, …", "tick it off hun": a name for the one spoken to, never a word of the request. */
const CALLED = /(^|\s)(?:hun|hunny|hunni|babe)(?=[\s,.!?]|$)/gi;

/** The message with its texting spellings spelled out (casing of a capitalised token kept). */
export function spellOut(typed: string): string {
  // "anything admin-wise", "whats on work-wise": in a question, the thing before "-wise" is what is asked about.
  const asked = ASKED_WISE.test(typed) ? typed.replace(/\b([a-z]+)-wise\b/i, "for $1") : typed;
  const uncalled = asked.replace(CALLED, "");
  const text = uncalled === asked ? asked : uncalled.replace(/^[\s,.!]+/, "").trim() || asked;
  const tokens = text.split(" ");
  const cores = tokens.map((t) => parts(t)[1].toLowerCase());
  let changed = false;
  const out = tokens.map((token, k) => {
    const [lead, core, trail] = parts(token);
    // A word glued to punctuation before it ("milk,n bread") is left alone; so is "u." in "u.s.".
    const prev = k > 0 && !/[,.;:!?]$/.test(tokens[k - 1]!) ? cores[k - 1]! : "";
    const next = trail === "" ? (cores[k + 1] ?? "") : "";
    const word = headingDay(tokens, k, core.toLowerCase(), trail) ?? spelled(core.toLowerCase(), prev, next);
    if (word === null || core === "") return token;
    changed = true;
    const cased = core[0] !== core[0]!.toLowerCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
    return lead + cased + trail;
  });
  return changed ? out.join(" ") : text;
}
