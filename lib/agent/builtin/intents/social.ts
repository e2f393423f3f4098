/**
 * Conversation that needs no tool: greetings, thanks, goodbyes, "what can you do?",
 * yes/no answers, questions about the date, and off-topic requests (politely declined).
 */
import { findReminderOff } from "@/lib/task-line/reminder-phrases";
import { cleanPhrase } from "./refs";
import type { Intent } from "./types";

const GREETING =
  /^(?:hi+|hello+|hey+|heya|hiya|howdy|yo|hola|greetings|good (?:morning|afternoon|evening|day)|morning|evening|afternoon|sup|what'?s up|wassup|wagwan|hi there|hello there|hey there|hey up|ey up|g'day|oi oi|hello hello|top of the morning|mornin|evenin|howdy doody)(?:\s+(?:there|again|you|friend|bot|assistant|buddy|mate|all|everyone))?(?:[,!.]*\s*(?:how are you(?: doing| today)?|how's it going|how is it going|how are things|what's up))?$/;
const HOW_ARE_YOU =
  /^(?:how are you(?: doing| today)?|how's it going|how is it going|how's everything|how are things|how do you do|are you there|you there)$/;
const THANKS =
  /^(?:thanks|thank you|thx|ty|tysm|cheers|ta|ta very much|thank u|thanku|thankyou|tyvm|much appreciated|appreciate it|i appreciate it|thanks a lot|thank you so much|thanks so much|many thanks|thanks a million|thanks a bunch|thanks loads|ta muchly|ta very much indeed|much obliged|cheers for that|thanks for that|thanks for (?:your|the) help|thank you kindly|bless you|bless|legend|top man|top woman|you legend|lifesaver|props|nice1|gr8|ace|champion|smashing|magic|sorted|grand|bang on|spot on|cheers mate|cheers pal|cheers love|ta mate|ta love|no worries|no probs|no problem|all good|all good here|great job|good job|well done|nice one|nice|great|perfect|awesome|cool|excellent|brilliant|lovely|wonderful|fantastic|amazing|sweet|neat|good|ok|okay|k|got it|gotcha|understood|alright|all right|noted|fine|sounds good|looks good|that's great|that's perfect|that works)(?:(?:\s*[,!.]\s*|\s+)(?:thanks|thank you|cheers|ta|a lot|so much|very much|mate|buddy|pal|love|pet|petal|hun|hon|hen|chuck|duck|babe|darling))*$/;
const BYE =
  /^(?:(?:thanks|cheers|ta)[,!.]? that's (?:everything|all|it)|that's everything|bye|goodbye|good bye|bye bye|see you|see ya|see you later|later|laters|cya|cya later|catch you later|catch ya later|speak soon|speak later|talk later|talk soon|ttyl|ta ra|tara|ta-ra|toodles|toodle pip|peace out|peace|i'm off|im off|i'm out|gotta go|got to go|gtg|g2g|gotta dash|got to dash|must dash|i must dash|gotta run|got to run|must run|better go|i'd better go|i better go|off now|i'm off now|catch ya|catch you|catch ya later|later gator|ciao|adios|cheerio|bye then|ok bye|right bye|night night|nighty night|nite|gn|sweet dreams|good night|goodnight|night|that's all|that is all|that's it|that is it|nothing else|no that's all|i'm good|i'm done|that'll be all|all done)(?:(?:\s*[,!.]\s*|\s+)(?:thanks|thank you|for now|bye))*$/;
const HELP =
  /^(?:help|help me|\?+|what can you do|what do you do|what are you|who are you|what are you for|what can i do|what can i say|what can i ask|what can i ask you|what should i say|how does this work|how do you work|how does it work|how do i use (?:this|you|it)|how can you help(?: me)?|what can you help (?:me )?with|what are your (?:features|capabilities|commands)|what commands (?:are there|do you know|do you understand)|commands|instructions|options|menu|features|what do you understand|what else can you do|how do i start|getting started|tell me what you can do|what are you able to do|what are you capable of|can you help|can you help me|are you able to help)(?:\s+(?:here|with this|with that|in this app|in here))?$/;
const CONFIRM =
  /^(?:y|yes|yeah|yea|yep|yup|ya|sure|sure thing|of course|ok do it|okay do it|do it|go ahead|go for it|please do|absolutely|definitely|correct|right|that's right|exactly|confirm|confirmed|yes please|please|affirmative|sounds good|ok|okay|alright|fine|yes do it|yes go ahead|do that|make it so|proceed|go on|go on then|yep do it|sure go ahead|good shout|good idea|why not)(?:(?:\s*[,!.]\s*|\s+)(?:please|thanks|do it|do that|go on|go ahead|good shout|good idea|sounds good|delete (?:it|them)|thank you))*$/;
const DENY =
  /^(?:neither|none|neither of them|none of them|n|no|nope|nah|no thanks|no thank you|don't|do not|dont|don't do it|cancel|stop|never ?mind|forget it|forget about it|keep it|keep them|leave it|leave them|not now|no way|abort|scratch that|ignore that|skip it|no don't|changed my mind|i changed my mind)(?:(?:\s*[,!.]\s*|\s+)(?:thanks|thank you|keep it|leave it|never ?mind))*$/;
const CLOCK =
  /^(?:what(?:'s| is) (?:the )?(?:date|day|time)(?: today| now| it is)?|what day is (?:it|today)|what time is it|what(?:'s| is) today(?:'s date)?|which day is it|what (?:day|date|time) is it (?:today|now|right now)|what(?:'s| is) the time(?: now| right now)?|what(?:'s| is) the date today|today's date)$/;

const OFF_TOPIC_WORDS =
  /\b(?:joke|jokes|recommend|recommendation|weather|forecast|temperature|poem|poetry|story|song|sing|lyrics|recipe|cook|capital of|news|headline|sport|sports|score|football|soccer|basketball|movie|movies|film|translate|translation|meaning of life|president|prime minister|stock|stocks|bitcoin|crypto|horoscope|riddle|fact about|trivia|math|calculate|equation|homework|essay|code|program|python|javascript|chatgpt|girlfriend|boyfriend|date me|love me|your name|your favorite|your favourite|are you (?:a )?(?:human|real|alive|ai|robot)|philosophy|quantum|history of|who won|who is|who was|who are|where is|how far|how tall|how old|population|distance)\b/;

/** "how do I add a task?", "what is this app?", "tell me about yourself": questions about the assistant. */
const ABOUT_ME =
  /^(?:what (?:sort|sorts|kind|kinds|type|types) of (?:things|stuff|tasks|commands|requests|questions) (?:can|do|could|should) (?:u|you|i) (?:do|help with|handle|understand|ask(?: you)?|say)(?: for me)?|what (?:are you|else are you) (?:able|good) (?:to do|for|at)|what (?:can|could) (?:u|you) help (?:me )?with|what can (?:u|you|ya) do|what do (?:u|you) do|how do i (?:use|add|create|make|delete|remove|complete|finish|edit|change|update|rename|list|see|mark|set)\b.*|how (?:can|do) i (?:get started|start)|what(?:'s| is) this(?: app| thing| tool| place| for)?|what does this (?:app |thing |tool )?do|what is this app for|tell me (?:about )?(?:yourself|what you do|how (?:this|it|you) works?)|how does (?:this|the) (?:app|thing|assistant|bot|chat) work|what are your commands|show me (?:how|what you can do)|examples?|any (?:tips|examples))$/;

/** Interjections and reactions that ask for nothing ("lol", "hmm", "nvm", an emoji). */
const NOTHING = /^(?:lol|lmao|haha+|hehe+|hmm+|meh|wow|oh|ah|ahh+|ooh+|nothing|nvm|nm|idk|dunno|whatever|shrug|\.+|\W+)$/u;

/** Remarks about the assistant itself ("you're useless", "i love you"): declined politely. */
const ABOUT_YOU =
  /^(?:you(?:'re| are)|ur|u r|i (?:love|hate|like) (?:you|u)|are you (?:there|ok|okay|smart|stupid|dumb|alive|real|human)|do you (?:love|like|hate|dream|sleep|think))\b/;

/** Praise for the assistant ("you're a star", "I love this app"): thanks, not a request. */
const PRAISE =
  /^(?:you(?:'re| are)\s+(?:a\s+)?(?:star|legend|the best|awesome|great|amazing|brilliant|fantastic|a lifesaver|so helpful|very helpful|helpful|wonderful|the man|the greatest)|i\s+(?:love|like|really like|really love)\s+(?:this|the|you|it)(?:\s+(?:app|assistant|bot|thing|tool))?|this\s+(?:app\s+)?is\s+(?:great|awesome|amazing|brilliant|helpful|fantastic)|(?:great|good|nice|brilliant)\s+(?:work|stuff|job)|love\s+it)$/;

/** "thank you for all your help this week", "cheers for sorting that": thanks for what was done, not a request. */
const THANKS_FOR =
  /^(?:thanks|thank you|thank u|thankyou|ty|cheers|ta|many thanks)(?: (?:so|very|ever so) much| a lot| again| loads)? for (?:all (?:of )?)?(?:your|ur|the|that|this|everything|today|helping|sorting|reminding|being|putting up)\b/;

/** "thanks pet you're a lifesaver", "cheers hun, you're a star": thanks, a name for the one thanked, then praise. */
const THANKS_THEN_PRAISE =
  /^(?:thanks|thank you|thank u|ty|cheers|ta)(?: (?:so|very) much| a lot| again)?(?: (?:pet|petal|love|luv|hun|hon|mate|pal|babe|darling|chuck|duck|hen|sweetheart|bud|buddy|dear))?[,!. ]+([^,!. ].*)$/;

/**
 * "thank youuu ur honestly keeping me sane", "cheers, you've saved my bacon": thanks, then words about the one
 * thanked (its subject is "you"), never a request to it ("thanks, can you add milk", "ta, you could move it").
 */
const ABOUT_THANKED =
  /^(?:you're|youre|you are|ur|u r|you've|youve|you have|you|u)\s(?!.*\b(?:can|could|will|would|should|need|must|remind|add|put|delete|remove|mark|tick|move|change|make)\b)/;

/** A word's stretch of one letter squeezed to one ("youuu" → "you", "sooo" → "so"). */
const squeezeStretches = (text: string) => text.replace(/([a-z])\1{2,}/g, "$1");

/** Thanks, then praise or words about the one thanked. */
function thanksThenPraise(text: string): boolean {
  const rest = THANKS_THEN_PRAISE.exec(squeezeStretches(text))?.[1]?.trim() ?? "";
  return PRAISE.test(rest) || ABOUT_THANKED.test(rest);
}

/** "I'm done for today", "that's it for now": the user is leaving, not finishing a task. */
const DONE_FOR_NOW =
  /^(?:ok(?:ay)?\s+)?(?:(?:i'm|i am|im|we're|we are)\s+)?(?:all\s+)?(?:done|finished|through)\s+(?:for\s+(?:today|now|tonight|the day|the night|the week|the moment)|here|with today|for the day)$|^(?:that's|that is)\s+(?:it|all)\s+for\s+(?:today|now|tonight|the day|the week)$|^(?:ok(?:ay)?\s+)?(?:i'm|i am|we're)\s+all\s+done$/;

/**
 * "don't add milk", "no need to remind me", "don't bother putting the vet on", "don't tick off the
 * boiler yet": the user says what NOT to do. Nothing is done ("don't forget to …" is a request).
 */
const NEGATED_REQUEST =
  /^(?:(?:no|nah|nope|oh|and|but|ok|okay|please|pls|actually)[,!.]? )?(?:don't|dont|do not|no need to|no need|there's no need to|theres no need to|there is no need to|you don't need to|you dont need to|you don't have to|you dont have to|you needn't|needn't|no point (?:in )?|not worth|never mind|nevermind|better not|best not|rather you didn't|i'd rather you didn't|i don't want you to|i dont want you to|i'd rather not|i would rather not|rather not|maybe don't|maybe dont|probably don't|probably dont|i don't need you to|i dont need you to|i don't need a reminder|i dont need a reminder)(?: (?!forget\b|let me forget\b|let me miss\b)\S.*)?$/;

/** "leave the plumber for now", "leave it as it is": keep a task as it is. */
const LEAVE_AS_IS =
  /^(?:(?:just|oh|ok|okay|nah|no)[,!.]? )?leave (?:it|them|that|this|those|the \S+(?: \S+){0,4}?|my \S+(?: \S+){0,4}?) (?:for now|alone|as it is|as they are|as is|be|for later|till later|until later|for the moment|where it is|off the list|off)$/;

/**
 * A yes or a no in any common form, read word by word: every word is one of the answer's words,
 * at least one is a head word ("yeah", "go", "please" / "nah", "nope"), and none of the other
 * side's heads. "yep do it", "go on then", "that'd be great ta", "defo", "👍"; "nah its fine",
 * "no ta", "not now thanks", "on second thoughts no".
 */
const YES_HEAD = new Set(
  "yes yeah yeh yep yup ya yah yea ye yh yas aye mhm mhmm uhuh sure ok okay k kk alright go do please pls plz great good perfect absolutely definitely defo deffo def course fine cool brilliant lovely grand nice ideal excellent go-ahead".split(
    " ",
  ),
);
const YES_WORDS = new Set([
  ...YES_HEAD,
  ..."on then ahead for it that this would be sounds sound shout idea thing why not of cheers thanks thank ta mate just all right do it the one that'd thatd that's thats it'd itd i'd id love x xx lol haha add go yeah add that great put stick down".split(
    " ",
  ),
]);
const NO_HEAD = new Set("no nah nope na naw nay nvm nevermind nm".split(" "));
const NO_WORDS = new Set([
  ...NO_HEAD,
  ..."not now thanks thank u you ta its it's fine ok okay dont don't do bother need leave it them for yet actually hmm wait on second thoughts thought forget about that this skip cancel never mind all good i'm im cheers mate sorry then sec wrong changed my mind".split(
    " ",
  ),
]);
const THUMBS = /^(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}|\uFE0F|\s)+$/u;
const YES_EMOJI = new Set(["👍", "👌", "✅", "🙏", "💯", "✔"]);

function answerWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z']+/g) ?? [];
}

/** A word with its last letter's stretch squeezed to one ("yesss" → "yes", "nooo" → "no"). */
function squeezeEnd(word: string): string {
  let end = word.length - 1;
  while (end > 0 && word[end - 1] === word[end]) end--;
  return word.slice(0, end + 1);
}

/** A yes in any common form (see YES_HEAD): also a thumbs-up on its own. */
export function saysYes(text: string): boolean {
  if (THUMBS.test(text)) return [...text].some((ch) => YES_EMOJI.has(ch));
  const words = answerWords(text);
  if (words.length === 0 || words.length > 8 || words.some((w) => NO_HEAD.has(w) || w === "don't" || w === "dont")) return false;
  if (words.includes("not") && !(words.includes("why") && words.at(-1) === "not")) return false;
  // "yes yes", "yesss": a stretched yes is a yes; "add" stays "add" (a word as typed first).
  const known = words.map((w) => (YES_WORDS.has(w) ? w : squeezeEnd(w)));
  return known.every((w) => YES_WORDS.has(w)) && known.some((w) => YES_HEAD.has(w));
}

const PLACING_VERB = new Set("put stick pop chuck bung add whack jot shove".split(" "));
const PLACED_ON = new Set("on onto in down".split(" "));
const PLACE_END = new Set("there here list it my the todo todos please pls plz thanks ta cheers then too x".split(" "));
/**
 * "put that on my list", "stick it on there", "yeah chuck that on pls": a placing verb and a word
 * pointing at what was just said. Read only as the answer to an add this model offered (never to
 * another question: "put it on there" confirms no delete).
 */
export function placesIt(text: string): boolean {
  const w = answerWords(text);
  let i = 0;
  while (i < w.length && YES_HEAD.has(w[i] ?? "") && !PLACING_VERB.has(w[i] ?? "")) i++;
  if (!PLACING_VERB.has(w[i] ?? "") || !["it", "that", "this", "one"].includes(w[i + 1] ?? "")) return false;
  const rest = w.slice(i + 2);
  if (rest.length > 5) return false;
  if (rest.length > 0 && !PLACED_ON.has(rest[0] ?? "") && !PLACE_END.has(rest[0] ?? "")) return false;
  return rest.slice(PLACED_ON.has(rest[0] ?? "") ? 1 : 0).every((x) => PLACE_END.has(x));
}

/** A no in any common form (see NO_HEAD). */
export function saysNo(text: string): boolean {
  const words = answerWords(text);
  if (words.length === 0 || words.length > 8) return false;
  return words.every((w) => NO_WORDS.has(w)) && words.some((w) => NO_HEAD.has(squeezeEnd(w)));
}

/** Words after "don't need" that are no thing on a list ("don't need to …", "don't need reminding"). */
const NOT_A_NEEDED_THING = new Set("to 2 you u ya it that this them one any a an reminding reminders reminder help".split(" "));
/** Words that end a "no longer needed" thing ("… anymore", "… now", "… after all"). */
const NEED_OVER = ["any more", "anymore", "now", "after all", "no more", "either", "this week", "today"];
const NO_LONGER_LEAD = ["don't need", "dont need", "do not need", "we don't need", "i don't need", "no need for", "no longer need"];

/**
 * no-longer-needed (named rule): "don't need milk anymore", "no need for the bread now" — a thing the
 * user no longer needs is a delete of the task that names it, which the tools confirm first ("Delete
 * 'Buy milk'? (yes / no)") or answer with "I couldn't find a task matching 'milk'". Not "don't need
 * to …" or "don't need reminding" (a deny), and never a pronoun ("don't need it now").
 */
function noLongerNeeded(text: string): Intent | null {
  const t = NO_LONGER_LEAD.some((l) => text.startsWith(`${l} `))
    ? text
    : text.replace(/^(?:oh|ok|okay|actually|and|but|nah|no)[,!.]? /, "");
  const lead = NO_LONGER_LEAD.find((l) => t.startsWith(`${l} `));
  if (!lead) return null;
  let thing = t.slice(lead.length + 1).trim();
  const over = NEED_OVER.find((w) => thing.endsWith(` ${w}`));
  if (over) thing = thing.slice(0, -over.length - 1).trim();
  const words = thing.split(" ").filter(Boolean);
  if (words.length === 0 || words.length > 5 || NOT_A_NEEDED_THING.has(words[0] ?? "") || words.some((w) => !/^[a-z][a-z'-]*$/.test(w)))
    return null;
  const text2 = cleanPhrase(thing);
  return text2 ? { type: "delete", refs: [{ kind: "phrase", text: text2 }] } : null;
}

/** A social or off-topic message, or null. */
export function readSocial(text: string): Intent | null {
  if (!text) return { type: "say", kind: "unclear" };
  // "no need to remind me about the dentist": the reminder of a task named, the update reader's (reminder-off).
  if (findReminderOff(text)) return null;
  const unneeded = noLongerNeeded(text);
  if (unneeded) return unneeded;
  if (NEGATED_REQUEST.test(text) && !/^(?:don't|dont|do not) (?:forget|let me forget|let me miss)\b/.test(text)) return { type: "deny" };
  if (LEAVE_AS_IS.test(text)) return { type: "deny" };
  if (DONE_FOR_NOW.test(text)) return { type: "say", kind: "bye" };
  if (PRAISE.test(text) || THANKS_FOR.test(text) || thanksThenPraise(text)) return { type: "say", kind: "thanks" };
  if (ABOUT_ME.test(text)) return { type: "say", kind: "help" };
  if (NOTHING.test(text)) return { type: "say", kind: "nothing" };
  if (ABOUT_YOU.test(text) && !/\b(?:task|list|todo|remind|add|delete|mark)\b/.test(text)) return { type: "say", kind: "offtopic" };
  if (CONFIRM.test(text)) return { type: "confirm" };
  if (DENY.test(text)) return { type: "deny" };
  if (GREETING.test(text) || HOW_ARE_YOU.test(text)) return { type: "say", kind: "greeting" };
  if (THANKS.test(text)) return { type: "say", kind: "thanks" };
  if (BYE.test(text)) return { type: "say", kind: "bye" };
  if (HELP.test(text)) return { type: "say", kind: "help" };
  if (CLOCK.test(text)) return { type: "say", kind: "clock" };
  if (saysYes(text)) return { type: "confirm" };
  if (saysNo(text)) return { type: "deny" };
  return null;
}

/** Off-topic requests: checked after the task readers had their chance. */
export function isOffTopic(text: string): boolean {
  return OFF_TOPIC_WORDS.test(text) && !/\b(?:task|tasks|todo|todos|to-do|list|remind|reminder|due)\b/.test(text);
}

/** A question that is not about tasks ("why is the sky blue?"). */
export function isQuestion(original: string, text: string): boolean {
  return (
    /\?\s*$/.test(original) ||
    /^(?:what|who|why|how|when|where|which|is|are|can|could|do|does|did|will|would|should|tell me|explain|give me)\b/.test(text)
  );
}
