/**
 * The safety gate's first question: what kind of sentence is this clause? Only a request may
 * change data. A question about what the user should do ("should I call the bank?", "do I need
 * to buy milk?"), a remark about what they are doing ("I'm heading to the shops now") or an
 * intention ("I'll call mum tomorrow") never adds, changes or deletes anything; the assistant
 * answers, offers or asks instead. Reads the clause as the user wrote it (lower-cased).
 */
import { isBaseVerb } from "../verbs";
import { OPINION_ASKED } from "../lexicon";
import { baseOfGerund } from "./refs";

export type Mood =
  /** "add milk", "could you move the dentist to friday?", "I need to call mom". */
  | "request"
  /** "should I call the bank today?", "do I need to buy milk?", "did I pay the rent?" */
  | "advice"
  /** "what's due today?", "is the dentist on friday?" — answered from the list. */
  | "question"
  /** "I'll call mum tomorrow", "I think I should clean the kitchen", "I'm going to call Tom". */
  | "intention"
  /** "I'm heading to the shops now", "I'm off to the gym", "I'm at work". */
  | "remark";

const FILLER =
  /^(?:(?:ok(?:ay)?|so|well|hmm+|um+|uh+|oh|ah|hey|hi|right|actually|btw|by the way|alright|anyway|also|and|but|ugh+|urgh+|argh+|god|gosh|man|sigh|meh|tbh|honestly|blimey|crikey|jeez|welp|yeah|fyi|heads up|guess what|apparently|(?:i )?(?:just )?found out(?: that)?|(?:it )?turns out(?: that)?)\b[,!.:]?\s*)+/;

/**
 * Musing: "I really should clean the garage at some point", "one of these days I'd love to …",
 * "I've been meaning to …", "would be nice to …": a wish, not a request. Offered, never added.
 */
const MUSING_START =
  /^(?:(?:i|we) (?:really |honestly |probably |definitely )?(?:ought to|really ought to|must get round to|must get around to|need to get round to|need to get around to|keep meaning to|keep forgetting to|have been meaning to|wish (?:i|we) could|wish (?:i|we) had time to|might one day)|(?:i|we)(?:'d| would) (?:love|like) to .+ (?:one day|someday|some day|sometime|at some point|eventually)$|(?:i|we)'ve been meaning to|ive been meaning to|been meaning to|keep (?:meaning|forgetting|forgettin) to|(?:it )?(?:would|'d) be (?:nice|good|great|lovely) to|it'd be (?:nice|good|great|lovely) to|(?:one of these days|someday|some day|one day|at some point|sometime|eventually)\b)/;
const VAGUE_WHEN =
  /\b(?:at some point|one of these days|some ?day|one day|sometime|some time|eventually|at some stage|when i get (?:a )?(?:chance|round to it|time)|before i die|in the new year|ish)$/;
const MUSING_CHORE =
  /^(?:(?:one of these days|someday|some day|one day|at some point|sometime|eventually),? )?(?:(?:i|we)(?:'d| would) (?:love|like) to |(?:i|we) (?:really |honestly |probably |definitely )?(?:should really|should|ought to|really ought to|must really|really must|must|need to|have to|gotta|keep meaning to|keep forgetting to|have been meaning to|wish (?:i|we) could|wish (?:i|we) had time to|might)(?: get round to| get around to)? |(?:i|we)'ve been meaning to |ive been meaning to |been meaning to |keep (?:meaning|forgetting|forgettin) to |(?:it )?(?:would|'d) be (?:nice|good|great|lovely) to |it'd be (?:nice|good|great|lovely) to |(?:i|we)'ll )?(.+)$/;
/** Words a chore does not start with ("i really should be there"). */
const NOT_A_CHORE_START =
  /^(?:the|a|an|my|it|that|this|be|been|being|have|not|so|too|more|less|i|we|you|he|she|they|there|here|just|really)$/;
/**
 * A hedged lead, read word by word: the words a musing opens with before its chore ("might need
 * to", "thinking i should", "wonder if i should", "maybe i oughta", "prob need to", "i really
 * must", "kinda feel like i should", "might be worth"). LEAD_WORDS may stand in a lead;
 * HEDGE_WORDS make it a musing (without one, "i need to …" or "gotta …" is a request).
 */
const LEAD_WORDS = new Set(
  "i we im i'm i'd tbh honestly really seriously kinda of feel feeling like probably prob probs prolly maybe perhaps defo definitely just guess reckon think suppose thinking wondering wonder if whether about should shld ought oughta to must need might may have be worth it would could".split(
    " ",
  ),
);
const HEDGE_WORDS = new Set(
  "should shld ought oughta might may prob probs probably prolly maybe perhaps guess reckon think thinking wonder wondering worth kinda suppose feel feeling must".split(
    " ",
  ),
);
/** Hedges that muse only with another word of the lead ("i really should", "i really must"); alone they ask. */
const WEAK_HEDGES = new Set(["should", "shld", "must"]);
const SUBJECTS = new Set(["i", "we", "im", "i'm", "i'd", "to"]);
/** Words that open a question ("should i …", "do we …"): advice, read by ADVICE, not a lead. */
const QUESTION_OPENERS = new Set("should shall must do did can could may might need have has will would is are".split(" "));
/** A chore a person asks to be kept, never a musing: "must remember to get a charger". */
const KEEP_WORDS = new Set("remember remembr".split(" "));

/** The chore after a hedged lead ("prob need to renew the tv licence" → "renew the tv licence"), or null. */
function hedgedChore(t: string): string | null {
  const words = t
    .replace(/[,.!?]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const [first, second] = words;
  if (first && second && QUESTION_OPENERS.has(first) && (second === "i" || second === "we")) return null;
  let i = 0;
  let hedged = false;
  let weak = false;
  let other = false;
  while (i < words.length - 1 && LEAD_WORDS.has(words[i] ?? "")) {
    const w = words[i] ?? "";
    if (WEAK_HEDGES.has(w)) weak = true;
    else if (HEDGE_WORDS.has(w)) hedged = true;
    else if (!SUBJECTS.has(w) && !weak) other = true;
    i++;
  }
  // "i should (really) back up my laptop" is a request; "i really should …" muses.
  hedged ||= weak && other;
  const verb = words[i] ?? "";
  if (!hedged || i === 0 || KEEP_WORDS.has(verb)) return null;
  const chore = words.slice(i).join(" ");
  if (isBaseVerb(verb)) return chore;
  if (/ing$/.test(verb)) {
    const base = baseOfGerund(chore);
    return base === chore ? null : base;
  }
  return null;
}

function musing(t: string): boolean {
  return (
    MUSING_START.test(t) ||
    hedgedChore(t) !== null ||
    (/^(?:i|we) (?:really |honestly |definitely )?(?:should|ought to|must|need to|have to|gotta)\b/.test(t) && VAGUE_WHEN.test(t))
  );
}

/** The chore in a musing: "I really should clean the garage at some point" → "clean the garage". */
function musingChore(t: string): string | null {
  const hedged = hedgedChore(t);
  if (hedged) return hedged.replace(VAGUE_WHEN, "").replace(/[\s,]+$/, "");
  const chore = MUSING_CHORE.exec(t)?.[1]
    ?.replace(VAGUE_WHEN, "")
    .replace(/[\s,]+$/, "")
    .replace(/^(?:get round to|get around to|try to|try and) /, "");
  if (!chore) return null;
  const first = chore.split(/\s+/)[0] ?? "";
  if (/ing$/.test(first)) return baseOfGerund(chore);
  return NOT_A_CHORE_START.test(first) ? null : chore;
}

/** Questions that ask the assistant to act: requests in question form. */
const POLITE_REQUEST =
  /^(?:(?:can|could|would|will|won't|wouldn't)\s+(?:you|u|ya)\b|(?:is|would)\s+it\s+(?:be\s+)?possible\s+to\b|any\s+chance\s+(?:you\s+could|of)\b|(?:would|do)\s+you\s+mind\b|how\s+about\s+(?:you\s+)?(?:add|mov|mark|delet|remov|push|postpon|chang|renam|mak|set)|why\s+don't\s+you\b|please\b|pls\b|(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:add|create|delete|remove|mark|complete|tick|move|change|rename|reschedule|postpone|push|set|make|get rid|have|put|update|undo|see|view|list|show)\b|(?:can|could|should|shall)\s+(?:we\s+)?(?:the|my)\s+.+\s+be\s+\w+ed\b|(?:can|could)\s+(?:we\s+)?(?:the|my)\s+.+\s+(?:go|move|happen|shift|slide)\s+(?:back\s+)?(?:to|on|until|till)\b|(?:can|could)\s+(?:all|every|everything|everythin|evrything|the\s+whole)\s+.+\s+(?:go|move|shift|slide|wait|be\s+moved|be\s+due)\s+(?:back\s+)?(?:to|on|until|till|for)\b|shall\s+(?:i|we)\s+(?:add|put)\s+.+\s+(?:on|to)\s+(?:the|my)\s+list)/;

const ADVICE =
  /^(?:would|will)\s+it\s+be\s+(?:a\s+good\s+idea|worth\s+it|worth|better|wise|smart|ok|okay|fine)\b|^(?:should|shall|must|do|does|did|have|has|had|am|was|will|would|could|can|may|might|need)\s+(?:i|we)\b|^(?:is|are)\s+(?:it|there)\s+(?:worth|time|too late|a good idea|ok|okay|fine)\b|^(?:is|was)\s+it\s+(?:worth|better|a good idea|wise|smart|ok|okay|fine|too late)\b|^(?:i\s+wonder\s+if|i'm\s+not\s+sure\s+(?:if|whether)|not\s+sure\s+(?:if|whether))\s+i\b/;

// "did both", "did all three", "did the first two": what the user did to the tasks shown, not a question.
const WH =
  /^(?:what|what's|whats|which|when|where|who|whom|why|how|is|are|was|were|does|do|did(?!\s+(?:both|them|em|'em|all|those|these|the\s+lot|the\s+(?:first|second|third|last|top)|\d|one|two|three|four|five)\b)|has|have(?! (?:to|2)\b)|any|anything|is there|are there)\b/;

/** "I'll …", "I'm going to …", "I think I should …", "maybe I'll …": a plan, not a request. */
const INTENTION =
  /^(?:(?:i\s+think|i\s+guess|i\s+suppose|i\s+reckon|probably|maybe|perhaps)\s+)?(?:i(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'m\s+gonna|\s+am\s+gonna|\s+might|\s+may|\s+could|'d\s+better|\s+should\s+probably|\s+probably\s+should|\s+ought\s+to\s+probably)|we(?:'ll|\s+will|'re\s+going\s+to|'re\s+gonna|\s+might))\s+(\S+)/;
const HEDGED =
  /^(?:i\s+think|i\s+guess|i\s+suppose|i\s+reckon|maybe|perhaps|probably)\s+(?:i|we)\s+(?:should|need\s+to|have\s+to|must|ought\s+to|could)\s+/;

/** A day or time in the clause ("tomorrow", "on friday", "at 3"): a plan, not a remark about now. */
const DATED =
  /\b(?:tomorrow|tonight|later\s+today|this\s+(?:morning|afternoon|evening|weekend)|next\s+\w+|on\s+(?:the\s+\d|mon|tue|wed|thu|fri|sat|sun)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|at\s+\d|in\s+\d+\s+(?:days?|weeks?))\b/;

/** What the user is doing right now. */
const REMARK =
  /^(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:just\s+|now\s+|currently\s+|finally\s+)?(?:heading|going|off|on\s+my\s+way|on\s+the\s+way|leaving|out|popping|nipping|running|driving|walking|at|in|on|busy|tired|bored|back|home|here|there|stuck|working|sitting|waiting|having|eating|getting\s+ready|about\s+to|almost|nearly|still|so|really|very|feeling|sick|ill|free|outside|awake|up|in\s+a\s+meeting)\b|^(?:just\s+)?(?:got\s+(?:home|back(?!\s+to\s+(?!(?:work|the\s+office|bed|sleep|normal|school|uni|the\s+house|the\s+flat)\b))|in|up)|back\s+home|heading\s+out|off\s+to|on\s+my\s+way)\b/;

/**
 * A feeling about something ("so fed up with the gas bill", "hate doing homework on a sunday",
 * "love my new glasses"): a remark, even when it names a task.
 */
const FEELING =
  /^(?:(?:i'm|im|i am|i|we're|we)\s+)?(?:so\s+|really\s+|well\s+|proper\s+|honestly\s+|totally\s+|absolutely\s+)*(?:fed up|sick of|sick and tired|tired of|bored of|bored with|hate|hating|love|loving|gutted|annoyed|stressed|worried|dreading|can't stand|cant stand|can't be bothered|cant be bothered|can't believe|cant believe|can't wait for|cant wait for|cannot wait for|not looking forward)\b/;

/**
 * Whether a message opens with a feeling ("can't wait for the party on saturday!!") or tells of a
 * thing that happened by itself ("the lights went out last night"): never a change, even to a task it names.
 */
export function isFeeling(text: string): boolean {
  const t = text.toLowerCase().replace(FILLER, "").trim();
  return FEELING.test(t) || happenedByItself(t);
}

/**
 * taken-back (issue 24, wave 10): "… jk", "… lol jk", "… just kidding" take the message back, and
 * "remind me what the electrician said?" asks to be told something (a wh-word after "remind me"):
 * neither is a request to write anything. Token tests on the last and the third word.
 */
const JOKING = new Set(["jk", "jks", "j/k", "kidding", "joking", "jokin", "kiddin"]);
const WH_AFTER_REMIND = new Set("what wot wat whats wots wats who whos where wheres which how hows why whether if".split(" "));
function takenBack(t: string): boolean {
  const ws = t
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9'/]/g, ""))
    .filter(Boolean);
  if (JOKING.has(ws.at(-1) ?? "") && (ws.at(-1)?.startsWith("j") || /^(?:just|only)$/.test(ws.at(-2) ?? ""))) return true;
  const at = ws.indexOf("remind");
  if (at < 0 || ws[at + 1] !== "me") return false;
  const next = ws[at + 2] === "again" ? ws[at + 3] : ws[at + 2];
  return WH_AFTER_REMIND.has(next ?? "");
}

/**
 * do-on-day (issue 24, wave 10): "do the oven on sunday instead", "do the ironing tmrw": "do" with a
 * thing and then a day is a request, not a question with its "?" left off ("do the bins go out on
 * sunday" has a verb after its subject and stays a question). Token tests, no "?" at the end.
 */
const DAY_START = new Set(
  "on at by this next tomorrow today tonight monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat sun instead later".split(
    " ",
  ),
);
function doOnDay(t: string): boolean {
  if (/\?\s*$/.test(t)) return false;
  const ws = t.split(/\s+/).map((w) => w.replace(/[^a-z0-9']/g, ""));
  if (ws[0] !== "do" || !/^(?:the|my|that|this|it)$/.test(ws[1] ?? "")) return false;
  const at = ws.findIndex((w, k) => k >= 2 && DAY_START.has(w));
  if (at < 0 || at > 5) return false;
  // "do the car seat swap on wednesday": a verb closing the thing is its head noun ("swap", "run", "shop").
  return ws
    .slice(2, at)
    .every(
      (w, k, all) => (!isBaseVerb(w) || (k === all.length - 1 && k > 0)) && !w.endsWith("ed") && !/^(?:you|i|we|they|he|she|kids)$/.test(w),
    );
}

/** "if it rains …", "what if …", "suppose …", "planning to renew the passport next month": a hypothetical or a plan, never a request. */
const HYPOTHETICAL =
  /^(?:if|what if|suppose|supposing|in theory|in case|(?:i'm |im |i am )?(?:thinking|wondering|debating|considering)(?: of| about| whether| if)?|(?:i'm |im |i am |we're |we are )?(?:planning|hoping|aiming|intending|meaning) (?:to|on)|(?:i|we) (?:plan|intend|hope|aim) to)\b/;
/** "probably gonna skip the gym tonight", "gonna do the shed later": a plan without its "I". */
// "gonna need to sort X", "gonna have to renew X" say what must be done (like "need to X"): no plan.
const SUBJECTLESS_PLAN =
  /^(?:(?:probably|prob|prolly|maybe|perhaps)\s+)?(?:gonna|going to|might|may well)\s+(?!(?:need to|have to|hafta)\b)\S/;

/** "… i'll …" after a condition: the user says what they will do, not what the assistant should. */
const THEN_I_WILL = /\b(?:i'll|ill|i will|i might|i may|i could|we'll|we will|we might)\b/;

/** Where "going to" leads: a place ("the shops", "bed") is a remark; a verb is an intention. */
function intentionVerb(word: string): boolean {
  return isBaseVerb(word) && !/^(?:the|a|an|my|bed|work|school|town|church|sleep)$/.test(word);
}

/** "when I get a chance: sort the photos": a low-priority to-do, not a question. */
const WHEN_I_CAN =
  /^(?:when|whenever|if)\s+(?:i|we)\s+(?:get|have|find)\s+(?:a\s+)?(?:spare\s+)?(?:chance|moment|minute|sec|second|time|round to it)\b/;

/**
 * "the alarm went off at 6 ugh", "the lights went out last night lol": a thing that happened by
 * itself, at a past time, is a remark; its time is when it happened, never a due date. Read word
 * by word: a subject ("the …"), a happening verb, then a time it happened.
 */
const HAPPENING = new Set(["went", "blew", "broke", "died", "tripped", "conked", "packed", "cut"]);
const HAPPENED_HOW = new Set(["off", "out", "down", "up"]);
const SUBJECT_START = new Set(["the", "my", "our", "his", "her", "their", "next", "that"]);
const WHEN_IT_HAPPENED = ["last night", "overnight", "in the night", "again", "earlier", "at"];
function happenedByItself(t: string): boolean {
  const ws = t.split(" ").map((w) => w.replace(/[^a-z0-9']/g, ""));
  if (!SUBJECT_START.has(ws[0] ?? "")) return false;
  const at = ws.findIndex((w, k) => k > 1 && HAPPENING.has(w));
  if (at < 0 || (ws[at] !== "broke" && ws[at] !== "died" && !HAPPENED_HOW.has(ws[at + 1] ?? ""))) return false;
  const rest = ` ${ws.slice(at + 1).join(" ")} `;
  return WHEN_IT_HAPPENED.some((w) => (w === "at" ? /^\d/.test(ws[ws.indexOf("at", at) + 1] ?? "") : rest.includes(` ${w} `)));
}

export function moodOf(clause: string): Mood {
  const t = clause.toLowerCase().replace(FILLER, "").trim();
  if (takenBack(t)) return "remark";
  if (happenedByItself(t)) return "remark";
  if (musing(t.replace(/[?!.]+$/, ""))) return "intention";
  if (FEELING.test(t)) return "remark";
  if (WHEN_I_CAN.test(t) && THEN_I_WILL.test(t)) return "intention";
  if (POLITE_REQUEST.test(t) || WHEN_I_CAN.test(t)) return "request";
  if (HYPOTHETICAL.test(t) || SUBJECTLESS_PLAN.test(t)) return "intention";
  if (ADVICE.test(t) || OPINION_ASKED.test(t)) return "advice";
  if (HEDGED.test(t)) return "intention";
  const intent = INTENTION.exec(t);
  if (intent) {
    const next = intent[1] ?? "";
    // "I'm going to the shops" is a remark; "I'll call mum" is an intention.
    if (/going to|gonna/.test(intent[0]) && !intentionVerb(next)) return DATED.test(t) ? "intention" : "remark";
    return "intention";
  }
  // "I'm going to the dentist tomorrow at 3", "I'm meeting Sarah on friday": a plan with a date.
  if (
    /^(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:going\s+to\s+(?:the|a|my)\s+\S|\w+ing\b)/.test(t) &&
    DATED.test(t) &&
    !/^(?:i'm|i\s+am|im|we're|we\s+are)\s+(?:just\s+)?(?:heading|going\s+home|off|leaving|working|waiting|feeling|getting\s+ready)\b/.test(
      t,
    )
  )
    return "intention";
  if (REMARK.test(t)) return "remark";
  if (doOnDay(t)) return "request";
  if (WH.test(t) || /\?\s*$/.test(t)) return "question";
  return "request";
}

/** The chore inside an advice question or intention: "should I call the bank today?" → "call the bank today". */
export function choreOf(clause: string): string | null {
  const t = clause.replace(/[?!.]+\s*$/, "").trim();
  const plain = t.toLowerCase().replace(FILLER, "").trim();
  if (musing(plain)) return musingChore(plain);
  const going = /^(?:i'm|i\s+am|im|we're|we\s+are)\s+going\s+to\s+((?:the|a|my)\s+.+)$/i.exec(t);
  if (going?.[1]) return `go to ${going[1]}`;
  const progressive = /^(?:i'm|i\s+am|im|we're|we\s+are)\s+(\w+ing)\s+(.+)$/i.exec(t);
  if (progressive?.[1] && progressive[2] && !/^(?:going|gonna)$/i.test(progressive[1])) {
    const base = baseOfGerund(`${progressive[1]} ${progressive[2]}`);
    if (base !== `${progressive[1]} ${progressive[2]}`) return base;
  }
  // "thinking of clearing out the garage this month": the chore a hypothetical is about.
  const thinking = /^(?:(?:i'm|im|i\s+am)\s+)?(?:thinking|considering)\s+(?:of|about)\s+(\w+ing\s.+)$/i.exec(t);
  if (thinking?.[1]) {
    const base = baseOfGerund(thinking[1]);
    if (base !== thinking[1]) return base;
  }
  const m =
    /^(?:(?:ok(?:ay)?|so|well|hmm+|um+|actually|also)[,]?\s+)*(?:(?:i\s+wonder\s+if|i'm\s+not\s+sure\s+(?:if|whether)|not\s+sure\s+(?:if|whether))\s+(?:i|we)\s+(?:should|need\s+to|have\s+to|must|could|ought\s+to)\s+|(?:would|will)\s+it\s+be\s+(?:a\s+good\s+idea|worth\s+it|worth|better|wise|smart)\s+(?:to\s+)?|(?:should|shall|must|can|could|may|might)\s+(?:i|we)\s+(?:really\s+|still\s+|also\s+)?|(?:do|did)\s+(?:i|we)\s+(?:really\s+|still\s+|also\s+)?(?:need|have|want|got)\s+to\s+|(?:have|has)\s+(?:i|we)\s+(?:got|still\s+got)\s+to\s+|(?:is|was)\s+it\s+(?:worth|better|a good idea|wise|time)\s+(?:to\s+)?|(?:i\s+think|i\s+guess|i\s+suppose|i\s+reckon|probably|maybe|perhaps)\s+(?:i|we)(?:'ll|\s+will|\s+should|\s+need\s+to|\s+have\s+to|\s+must|\s+ought\s+to|\s+could|'d\s+better)?\s+|(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'m\s+gonna|\s+might|\s+may|\s+could|'d\s+better|\s+should\s+probably|\s+probably\s+should)\s+)(.+)$/i.exec(
      t,
    );
  const chore = m?.[1]
    ?.trim()
    .replace(
      /^(?:(?:probably|maybe|definitely|just|really|still|also|actually|try\s+(?:to|and)|have\s+to|need\s+to|want\s+to|got\s+to|go\s+and|get\s+round\s+to)\s+)+/i,
      "",
    );
  if (!chore) return null;
  const first = chore.split(/\s+/)[0]?.toLowerCase() ?? "";
  // "should i be chasing the plumber": the chore is the gerund's ("chase the plumber").
  if (first === "be") {
    const rest = chore.slice(3);
    const base = baseOfGerund(rest);
    if (base !== rest) return base;
  }
  // "should I be worried?", "will I have time?": no chore to offer.
  return isBaseVerb(first) || /ing$/.test(first) ? chore : null;
}
