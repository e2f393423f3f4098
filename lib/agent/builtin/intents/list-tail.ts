/**
 * A list named by its bare name at the end of an add ("add milk to shopping", "jot down buy
 * stamps, errands", "pop bleach down on shoping", "… to the uni list"), read word by word.
 *
 * The reader cannot see the user's lists, so a bare word is only taken for a list when it is a
 * word people name lists with (LIST_WORDS, one typo allowed) or is followed by "list". The add
 * tool then places the task in that list; a list the user does not have makes the tool fail and
 * the reply asks "There's no 'x' list yet — create it and add …?" (nothing is written). A word
 * that is no list word stays in the title as typed ("add talk to mum"); the planner may still find
 * it among the user's own lists (add-to-named-list.ts).
 */

/** Words people name their lists with: the bare word after "to/on/for" may be one of these. */
import { isBaseVerb } from "../verbs";
import { statesWhy } from "./aside";

const LIST_WORDS = new Set(
  (
    "shopping groceries grocery food errands chores jobs work home house garden admin kids school uni college " +
    "holiday holidays travel trip packing gifts presents christmas xmas birthday birthdays wedding party pets dog car " +
    "diy personal health fitness gym money finance finances bills family baby office study reading books films movies " +
    "projects ideas cleaning kitchen allotment church club hobbies music reno renovation van boat caravan camping band"
  ).split(" "),
);
/** List words that are also people a task may be for ("buy a present for kids"): never a list after "for". */
const PEOPLE = new Set("kids family baby dog pets".split(" "));
/** "my list", "the todo list": the one list of all tasks, not a named list. */
const GENERIC = new Set(
  "todo to-do todos to-dos do task tasks main usual own reminder reminders whole same new last my the our a this that".split(" "),
);
const ARTICLES = new Set("the my our me".split(" "));
/** Words that may close a message without adding anything ("… to shopping pls"). */
const FILLERS = new Set("pls plz please lol tbh thx thanks ta cheers ty x xx ok k asap too aswell".split(" "));
/** Words that join the list to the item: "milk to shopping", "X on errands", "Y for home", "Z onto chores". */
const JOINS = new Set("to on onto into for".split(" "));
/** List words that are also places one goes to ("drive to work", "take the kids to school"). */
const PLACES = new Set(
  "work home house school uni college office gym church club garden kitchen allotment car van boat caravan".split(" "),
);
/** Verbs whose "to" or "for" names a place or a person, not a list ("take the kids to school", "drive to work"). */
const GOING = new Set(
  (
    "take bring send give return drive walk go come cycle ride run jog commute travel fly move head get post deliver " +
    "carry email text write talk speak reply show lend sell donate ship invite pay transfer explain introduce drop"
  ).split(" "),
);
/** Whether a verb's "to"/"for" names where one goes or whom for ("talk to mum", "drive to work"), not a list. */
export function goesSomewhere(verb: string): boolean {
  return GOING.has(verb.toLowerCase());
}
/** Verbs that place an item on a list ("put milk on shopping", "pop bleach down on shopping"); their particle goes with them. */
const PLACING = new Set("add put pop stick chuck bung whack slap shove jot".split(" "));
const PARTICLES = new Set("down on in onto".split(" "));
/** Words after a placing verb that make it a chore of its own ("put up shelves", "put the bins out"). */
const NOT_PLACING = new Set("up away out off back together".split(" "));

const OPENERS = `("'‘“`;
const CLOSERS = `),.:;!?"'’”`;
/** A word without the quotes and punctuation around it, lower case. */
function bare(word: string): string {
  let a = 0;
  let b = word.length;
  while (a < b && OPENERS.includes(word.charAt(a))) a++;
  while (b > a && CLOSERS.includes(word.charAt(b - 1))) b--;
  return word.slice(a, b).toLowerCase();
}
/** "milk," → "milk": the item without the marks that joined it to the list. */
function trimEnd(text: string): string {
  let b = text.length;
  while (b > 0 && " ,;:-".includes(text.charAt(b - 1))) b--;
  return text.slice(0, b);
}
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

/** One letter added, dropped or changed ("shoping", "erands", "chors"). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Whether a bare word names a list people keep ("shopping", "errands", "shoping"). */
/** The user's list a word names, singular or plural ("cafe" → "Cafe", "project" → "Projects"), or null. */
export function listNamed(word: string, lists: readonly string[]): string | null {
  const w = word.toLowerCase();
  const forms = [w, `${w}s`, w.replace(/s$/, ""), w.replace(/'s$/, "")];
  return lists.find((l) => forms.includes(l.toLowerCase())) ?? null;
}

export function isListWord(word: string): boolean {
  if (LIST_WORDS.has(word)) return true;
  if (word.length < 6) return false;
  for (const w of LIST_WORDS) if (w.length >= 6 && oneEditApart(word, w)) return true;
  return false;
}

export type ListTail = { core: string; list: string };

/**
 * "milk to shopping" → { core: "milk", list: "shopping" }; "buy stamps, errands", "X, on admin list",
 * "oat milk down, on shopping". Null when the end of the text names no list.
 */
export function listTail(text: string): ListTail | null {
  const raw = text.trim().split(/\s+/).slice(-60);
  const words = raw.map(bare);
  let end = words.length;
  while (end > 0 && FILLERS.has(words[end - 1]!)) end--;
  let named = false;
  if (words[end - 1] === "list") {
    named = true;
    end--;
  }
  // "on dad's list": the list called Dad.
  const word = named ? (words[end - 1] ?? "").replace(/'s$/, "") : (words[end - 1] ?? "");
  if (!NAME.test(word) || end < 2) return null;
  let at = end - 1;
  while (at > 0 && ARTICLES.has(words[at - 1]!)) at--;
  const join = words[at - 1] ?? "";
  const comma = (raw[at - 1] ?? "").endsWith(",");
  let start = at;
  // "chuck milk in shopping": "in" after a placing verb, with a list that is no place ("put the bike in the garden" is a chore).
  const placedIn = join === "in" && PLACING.has(bare(raw[0] ?? "")) && !PLACES.has(word);
  if (JOINS.has(join) || (named && join === "in") || placedIn) start = at - 1;
  else if (!comma) return null;
  // "for the car", "for the party" is what it is for; a list is named bare after "for" ("for home") or with "list".
  // "… for the holiday list": the word "list" says it is one.
  const purpose = join === "for" && !named && (PEOPLE.has(word) || at < end - 1);
  if (named ? GENERIC.has(word) : !isListWord(word) || purpose) return null;
  // The item: what comes before, without fillers or a trailing comma ("email the landlord pls, on home").
  let stop = start;
  while (stop > 0 && FILLERS.has(words[stop - 1]!)) stop--;
  const item = raw.slice(0, stop);
  const first = bare(item[0] ?? "");
  // "add 'reply to the board email' to work": a quoted title ends where its quote does; what follows is the list.
  const quotedItem = /^["'‘“]/.test(item[0] ?? "") && /["'’”]$/.test(item.at(-1) ?? "");
  const going = (join === "to" || join === "for") && GOING.has(first) && (PLACES.has(word) || PEOPLE.has(word)) && !quotedItem;
  if (item.length === 0 || (going && !named)) return null;
  // "put pick up dry cleaning on errands", "stick oat milk down, on shopping": the placing verb and its particle go.
  if (PLACING.has(first) && item.length > 1 && !NOT_PLACING.has(bare(item[1]!))) {
    item.shift();
    if (PARTICLES.has(bare(item[0] ?? "")) && item.length > 1) item.shift();
    if (item.length > 1 && PARTICLES.has(bare(item.at(-1)!))) item.pop();
  }
  const core = trimEnd(item.join(" "));
  // "put them all on groceries", "stick it on errands": a task already there (list-onto-it), never a new one.
  const lead = bare(item[0] ?? "");
  if (PRONOUNS.has(lead) || PLURALS.has(lead)) return null;
  return core ? { core, list: word } : null;
}

/** Words a request may open with before its verb ("can u stick …", "oh and put …"). */
const LEAD = new Set("can could would will u you ya pls plz please just um erm oh ok okay so and n also actually wait".split(" "));

/**
 * "can u stick oat milk down, on shopping", "pop fix the fence, garden list": a placing verb and a
 * list at the end make an add even without "add" (the list words are what make it a to-do). The body
 * keeps the verb; readAdd's list tail takes it off with the list.
 */
export function placedOnList(text: string): string | null {
  const raw = text.trim().split(/\s+/);
  let i = 0;
  while (i < raw.length - 1 && LEAD.has(bare(raw[i]!))) i++;
  if (!PLACING.has(bare(raw[i] ?? ""))) return null;
  const body = raw.slice(i).join(" ");
  return listTail(body) ? body : null;
}

const PRONOUNS = new Set("it that this".split(" "));
const PLURALS = new Set("them those these both".split(" "));
/** "thats for errands", "it's on work": a pronoun with its verb in one word. */
const PRONOUN_IS = new Set("thats that's its it's this's".split(" "));
const MOVING = new Set("put move stick pop shove chuck bung file add throw".split(" "));
const BELONGS = new Set("goes go belongs belong lives live sits is should can needs to be".split(" "));
const ONTO = new Set("on onto to in into for under".split(" "));
const TURN_INTO = new Set("make change switch".split(" "));

/**
 * Rule list-onto-it: "oh and put it on home", "that one goes on work", "actually make it errands list",
 * "put them on shopping", "on the car list pls": the task (or tasks) just talked about go in that list.
 * The list is a list word or is followed by "list"; nothing else is read as a list. Null otherwise.
 */
export function listForIt(text: string): { list: string; plural: boolean } | null {
  const w = text.trim().split(/\s+/).slice(0, 20).map(bare).filter(Boolean);
  let i = 0;
  while (i < w.length && LEAD.has(w[i]!)) i++;
  let end = w.length;
  while (end > i && FILLERS.has(w[end - 1]!)) end--;
  let named = false;
  if (w[end - 1] === "list") {
    named = true;
    end--;
  }
  let word = w[end - 1] ?? "";
  end--;
  // "put that on the food bank list": a name of two words, said with "list" after it and an article before it.
  const first = w[end - 1] ?? "";
  if (named && end - 1 > i && NAME.test(first) && ARTICLES.has(w[end - 2] ?? "") && !GENERIC.has(word)) {
    word = `${first} ${word}`;
    end--;
  }
  while (end > i && ARTICLES.has(w[end - 1]!)) end--;
  if (!word.split(" ").every((x) => NAME.test(x)) || (named ? GENERIC.has(word) : !isListWord(word))) return null;
  const head = w.slice(i, end);
  let plural = false;
  let k = 0;
  const it = () => {
    if (PLURALS.has(head[k] ?? "")) plural = true;
    else if (!PRONOUNS.has(head[k] ?? "")) return false;
    k++;
    if (head[k] === "one" || head[k] === "ones" || (plural && (head[k] === "all" || head[k] === "both"))) k++;
    return true;
  };
  if (MOVING.has(head[0] ?? "")) {
    // "put it on home", "move them to shopping"
    k = 1;
    if (!it() || !ONTO.has(head[k] ?? "")) return null;
    k++;
  } else if (TURN_INTO.has(head[0] ?? "")) {
    // "make it errands list", "make that home"
    k = 1;
    if (!it()) return null;
    if (head[k] === "to" || head[k] === "in" || head[k] === "on") k++;
  } else if (PRONOUN_IS.has(head[0] ?? "") || PRONOUNS.has(head[0] ?? "") || PLURALS.has(head[0] ?? "")) {
    // "that one goes on work", "thats for errands", "it goes on admin"
    if (PRONOUN_IS.has(head[0] ?? "")) k = 1;
    else if (!it()) return null;
    while (BELONGS.has(head[k] ?? "")) k++;
    if (!ONTO.has(head[k] ?? "")) return null;
    k++;
  } else if (named && ONTO.has(head[0] ?? "")) {
    // "on the car list pls"
    k = 1;
  } else return null;
  return k === head.length ? { list: word, plural } : null;
}

const TAKING = new Set("take get pull move bring".split(" "));

/**
 * Rule list-out-of-it: "take it out of work", "get that one off the shopping list", "pull it out of
 * errands pls": the task just talked about leaves that list for the Inbox. The list is a list word
 * or is followed by "list"; the planner checks the task is in it (never a move out of another list).
 */
export function listOutOfIt(text: string): string | null {
  const w = text.trim().split(/\s+/).slice(0, 20).map(bare).filter(Boolean);
  let i = 0;
  while (i < w.length && LEAD.has(w[i]!)) i++;
  let end = w.length;
  while (end > i && FILLERS.has(w[end - 1]!)) end--;
  const named = w[end - 1] === "list";
  if (named) end--;
  const word = w[end - 1] ?? "";
  if (!NAME.test(word) || (named ? GENERIC.has(word) : !isListWord(word))) return null;
  end--;
  while (end > i && ARTICLES.has(w[end - 1]!)) end--;
  const head = w.slice(i, end);
  let k = 0;
  if (!TAKING.has(head[k++] ?? "") || !PRONOUNS.has(head[k++] ?? "")) return null;
  if (head[k] === "one") k++;
  if (head[k] === "out" && head[k + 1] === "of") k += 2;
  else if (head[k] === "off" || head[k] === "from") k++;
  else return null;
  return k === head.length ? word : null;
}

/** Words that join the things of a series ("eggs, flour and butter", "tiles & grout", "eggs n milk"). */
const SERIES_JOINS = new Set("and & + n".split(" "));
/** Words a series of things never starts with: the user talking ("we and the kids to …", "my brother and me …"). */
const SUBJECTS = new Set("i we me you u he she they it my our his her their this that these those".split(" "));
/** A sentence's own verbs: "back and forth to work is a pain" is a remark, not a series. */
const SENTENCE_VERBS = new Set("is are was were be been am isnt arent wasnt has had have got going gone goes went".split(" "));
/** Words naming the things of a list before it ("stuff for the party:", "bits for xmas -"). */
const THINGS = new Set("stuff things bits items".split(" "));
/** Verbs that change tasks the user has ("move the ferry and the hats to holiday"): never a series of new things. */
const CHANGING = new Set(
  "move moved shift push bump take took change set make mark drop delete remove tick finish complete put stick pop file".split(" "),
);
/** Verbs of feeling: "uni - hate it", "work: love it" are remarks, not chores. */
const FEELINGS = new Set("hate love miss like enjoy dread loathe adore".split(" "));

/** Whether the words are two or more things joined by commas or "and" ("eggs, flour, butter", "tiles and grout"). */
function isSeries(raw: string[]): boolean {
  const words = raw.map(bare);
  if (words.length < 2 || SUBJECTS.has(words[0]!)) return false;
  if (words.some((w) => SENTENCE_VERBS.has(w.replace("'", "")))) return false;
  return raw.slice(0, -1).some((w) => w.endsWith(",")) || words.slice(1, -1).some((w) => SERIES_JOINS.has(w));
}

/** Who a reason after the chore is about ("we're totally out", "sarah keeps on about it"). */
const REASON_OPENER = /^(?:we're|were|i'm|im|she's|shes|he's|hes|they're|theyre|it's|its|we|i|she|he|they|we've|i've|ive|mine's|mines)$/;
/** A person's verbs of going on about a thing ("sarah keeps on about it", "dan says it's leaking"). */
const PERSON_SAYS = /^(?:keeps|says|wants|reckons|thinks|needs|hates|loves|moans|nags|asked|said)$/;

/**
 * "for home: sort the leaky tap before it freezes, sarah keeps on about it", "new one for work - order more leaflets,
 * high priority pls we're totally out": after the chore, a statement of why is no item of its own and no word of
 * the title; it is cut from the first word of its subject.
 */
function withoutReason(body: string): string {
  const pieces = body.split(",");
  const kept = [pieces[0]!];
  for (const piece of pieces.slice(1)) {
    const words = piece.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? [];
    const at = words.findIndex(
      (w, j) =>
        words.length - j >= 3 &&
        ((REASON_OPENER.test(w) && statesWhy(words.slice(j))) || (j === 0 && !isBaseVerb(w) && PERSON_SAYS.test(words[1] ?? ""))),
    );
    if (at === 0) break;
    if (at < 0) kept.push(piece);
    else {
      // Cut the piece before the subject's word, as typed.
      const cut = new RegExp(`\\b${words[at]!.replace(/'/g, "['’]")}\\b`, "i").exec(piece);
      // "high priority pls we're totally out": the "pls" closes the request.
      kept.push(
        cut
          ? piece
              .slice(0, cut.index)
              .trimEnd()
              .replace(/\b(?:pls|please|plz)$/i, "")
          : piece,
      );
      break;
    }
  }
  return kept.join(",");
}

/** Words that open a part saying only when, how urgent or how ("low priority", "just sometime …", "by friday"). */
const SLOT_LEAD =
  /^(?:low|high|medium|top|urgent|not|no|priority|prio|asap|just|sometime|some|by|on|before|after|for|this|next|tomorrow|tmrw|today|tonight|every|each|at|in|pls|please|tho|though)$/;
/** "post office, dry cleaners": a part after a comma that names a thing (no verb, no slot) makes the items a series. */
function thingAfterComma(items: string[]): boolean {
  return items
    .join(" ")
    .split(",")
    .slice(1)
    .some((part) => {
      const w = (part.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? []).filter((x) => !/^(?:and|n|also|then|plus)$/.test(x));
      return w.length > 0 && !isBaseVerb(w[0]!) && !SLOT_LEAD.test(w[0]!) && !REASON_OPENER.test(w[0]!);
    });
}

/** Words before a list's name that lead its items ("for work:", "two for the work list:", "new one for home -"). */
const LIST_LEADS: readonly string[][] = [
  "new one for",
  "new ones for",
  "a new one for",
  "one for",
  "two for",
  "three for",
  "a couple for",
  "couple for",
  "a few for",
  "some for",
  "2 for",
  "3 for",
  // "two things for work: order ear defenders, and tidy the office".
  ...["two", "three", "four", "2", "3", "4", "a couple of", "couple of", "a few", "few", "some", "more"].flatMap((n) =>
    ["things", "jobs", "tasks", "bits"].map((t) => `${n} ${t} for`),
  ),
  "add to",
  // "put on my work list: call back mr hughes", "stick on the home list - ring the landlord".
  "put on",
  "stick on",
  "pop on",
  "add on",
  "put in",
  "stick in",
  "pop in",
  "for",
  // "on the work list pls: top up the float", "in the home list: ring the landlord" (never "on holiday: …").
  "on",
  "in",
].map((l) => l.split(" "));

/** "new one for work, low priority: sort the invoices": a priority said between the list and its items. */
const PRIORITY_BEFORE_ITEMS =
  /^((?:[a-z]+ ){0,3}[a-z]+(?: list)?), ((?:(?:very|really|super) )?(?:low|high|medium|top|urgent)(?: priority| prio)?) ?([:–-]) /i;

/**
 * Rule list-series: things put on a list without a verb are an add, each thing a task on that list.
 * "batteries and lightbulbs to shopping", "mince, onions and tinned toms for shopping" (a series of
 * two or more things, then the list at the end), "shopping: bin bags, foil", "work - slides, expenses",
 * "stuff for the party: balloons, candles", "wedding - send invites by fri" (a list word, or
 * "<name> list", before ":" or "-", then the items). Returns the add body with the list at the end
 * ("bin bags, foil to shopping"), and whether it is chores (split as an add is: "get milk n bread, and
 * ring mam" is two), or null.
 */
export function seriesOnList(said: string): { body: string; chores: boolean } | null {
  // "new one for work, low priority: sort the invoices" is "new one for work: sort the invoices, low priority".
  const slot = PRIORITY_BEFORE_ITEMS.exec(said.trim());
  // "on the work list pls: …": a courtesy before the colon is the request's.
  const text = (slot ? `${slot[1]}${slot[3] === ":" ? ":" : " -"} ${said.trim().slice(slot[0].length)}, ${slot[2]}` : said).replace(
    /\s(?:pls|please|plz)(?=[:-]\s)/i,
    "",
  );
  const raw = text.trim().split(/\s+/).slice(0, 60);
  // The list first: "<list>:", "<list> -", "<list> list:", "stuff for the <list>:".
  let k = 0;
  if (THINGS.has(bare(raw[0] ?? "")) && bare(raw[1] ?? "") === "for") k = ARTICLES.has(bare(raw[2] ?? "")) ? 3 : 2;
  // "for work:", "two for the work list:", "new one for home -", "add to work:": how many, or the add, before the list.
  const lead = LIST_LEADS.find((l) => l.every((w, i) => bare(raw[i] ?? "") === w));
  // Only one sentence follows such a lead ("new one for home - fix the latch. saw a fox" is not read here).
  if (k === 0 && lead && !/[.!?]\s/.test(text)) k = ARTICLES.has(bare(raw[lead.length] ?? "")) ? lead.length + 1 : lead.length;
  const word = bare(raw[k] ?? "");
  let at = k;
  if (bare(raw[k + 1] ?? "") === "list" && !/[:-]$/.test(raw[k] ?? "")) at = k + 1;
  const colon = (raw[at] ?? "").endsWith(":");
  const dash = raw[at + 1] === "-" || raw[at + 1] === "–";
  // "on holiday: ring the bank" says when; after a bare "on"/"in" only "the X list:" names a list.
  const bareLead = lead !== undefined && lead.length === 1 && (lead[0] === "on" || lead[0] === "in");
  if ((colon || dash) && NAME.test(word) && isListWord(word) && !(bareLead && at === k)) {
    const items = raw.slice(at + (dash ? 2 : 1));
    // Two or more things, or one chore ("wedding - send invites by fri"); never a remark ("work - what a day", "uni - hate it").
    const first = bare(items[0] ?? "");
    // "new one for work - red tractor self assessment": after "new one for", one thing named is the new task too.
    // One thing only (no "and" before the first comma), never an exclamation ("new one for work - what a day").
    const head = items.join(" ").split(",")[0]!.toLowerCase().split(/\s+/);
    const named =
      k > 0 &&
      lead !== undefined &&
      (lead[0] === "new" || lead[1] === "new") &&
      !FEELINGS.has(first) &&
      !/^(?:what|how|so|such|too|very|ugh|omg|god|oh|ah|aw|wow)$/.test(first) &&
      !head.some((w) => /^(?:and|n|&|\+|plus)$/.test(w));
    const chore = (isBaseVerb(first) || named) && !FEELINGS.has(first) && !SUBJECTS.has(bare(items[1] ?? ""));
    const series = isSeries(items);
    if (items.length === 0 || SUBJECTS.has(first) || !(chore || series)) return null;
    // Chores (not a series of things: "errands - post office, dry cleaners") are split as an add is, and name the
    // list as "on the X list" ("get milk n bread … to home" would read as going home).
    if (chore && !thingAfterComma(items)) return { body: `${trimEnd(withoutReason(items.join(" ")))} on the ${word} list`, chores: true };
    return { body: `${trimEnd(chore ? withoutReason(items.join(" ")) : items.join(" "))} to ${word}`, chores: false };
  }
  // The list last, after a series of things: "batteries and lightbulbs to shopping".
  const tail = listTail(text);
  if (!tail) return null;
  // "bleach + sponges": a plus joins things as "and" does.
  const words = text.trim().split(/\s+/);
  // "move the ferry and the sun hats to my holiday list" is a change of tasks the user has: things only, no verb.
  const core = tail.core.split(/\s+/);
  if (CHANGING.has(bare(core[0] ?? ""))) return null;
  return isSeries(core) ? { body: words.map((w) => (w === "+" ? "and" : w)).join(" "), chores: false } : null;
}
