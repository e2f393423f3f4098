/** Removes the politeness and filler around a request, so the readers see its core. */
import { trimPunctuation } from "@/lib/task-line/text";

const LEADING_FILLER =
  /^(?:(?:ok(?:ay)?|k|alright|all right|right|so|and|also|now|then|oh|ah|well|hey|hi|hello|yo|um+|uh+|hmm+|great|cool|thanks|thank you(?! (?:cards?|notes?|letters?|gifts?|presents?|messages?|emails?|texts?|flowers|speech)\b)|perfect|awesome|nice|good|sweet|lovely|actually|btw|by the way|one more thing|another thing|next|oops|whoops|oopsie|oh no|sorry|wait|er+|erm+|uh oh|argh|damn|dang|ugh|gah|hm+|like|yeah|yea|ya|basically|honestly|literally|tbh|ngl|anyway|anyways|lol|mate|oi|ooh|righto|(?:ta|cheers|nice one)(?=[,!.])|soo+|still|defo|deffo|ffs|omg|really|seriously|honestly|fyi|just so (?:you|u) know|heads up|guess what|apparently|(?:i )?(?:just )?found out(?: that)?|(?:it )?turns out(?: that)?|(?:i )?just heard(?: that)?)\b[,!.:]?\s+)+/;

const POLITE_PREFIX =
  /^(?:(?:can|could|would|will|pls|please|plz) (?:you|u|ya|yu)(?: please| pls| plz| kindly| just)?|please|pls|plz|kindly|just|quickly|i(?:'d| would) like (?:you )?to|i want you to|i need you to|i wanna|i want to|help me(?: to)?|let's|lets|let me|go ahead and|you can|you should|(?:can|could|may) i|can we|could we|would you mind|be a dear and|try to|try and|now|(?:is|would) it (?:be )?possible to|any chance you could|i was wondering if you could|do you think you could|do you mind)\s+/;

const TRAILING =
  /(?:[,\s]+(?:please|pls|plz|thanks|thank you|thx|ty|ta|yeah|for me|if you can|if possible|if you could|for me please|thank you very much|thanks a lot|cheers|ok|okay|now|actually|tbh|ngl|lol|haha|innit|mate|x+|too|as well|aswell|if u can|if u could|if poss|so (?:i|we) (?:don't|dont|do not|won't|wont) forget|would you|could you|will you|would u|could u|will ya|would ya|could ya|can ya|will yer|ideally|from now on|from now|apparently|fyi|btw|just so (?:you|u) know|can (?:you|u) (?:pop|put|stick|add|bung|chuck|whack|jot) (?:it|that|this)(?: in| on| down)?))+[\s.!?]*$/;

/** "essays all marked, thank god": relief after a comma closes the message ("payday thursday thank god" keeps it: a remark). */
const TRAILING_RELIEF = /,\s*(?:thank god|thank goodness|thankfully|phew|yay|hooray)[\s.!]*$/;

/** "pellets are not urgent at all": "at all" only stresses the "not". */
const NOT_AT_ALL = /\b((?:not|isnt|isn't|aint|ain't) (?:urgent|important|a priority|needed))(?: at all)\b/g;

/** "did i ever get the pellets or not": "or not" closing a yes-no question asks nothing more. */
const OR_NOT = /^((?:did|do|does|have|has|is|are|was|were)\s.*?)[,\s]+or not[\s.!?]*$/;

/** "done, mark it complete": the leading "done" is an interjection before the real command. */
const DONE_THEN_COMMAND = /^(?:done|finished|all done|ok done)[,!.]+\s+(?=(?:mark|tick|check|set|complete|close|cross)\b)/;

/**
 * "NEW CLIENT!! add kickoff call …", "new order! put …", "good news!! add …": a short exclamation of news before an
 * add. Only news words: "bins done!! add bin bags" tells a deed first, and that is read as its own part.
 */
const NEWS_BEFORE_ADD =
  /^(?:new [a-z]+(?: [a-z]+)?|(?:good|great|big|exciting|some) news|omg|oh my god|yay+|woo+(?:hoo+)?|whoop+(?:ee)?|get in)!*\s+(?=(?:add|put|pop|stick|bung|jot|remind)\s)/i;

/** The message without a short exclamation of news before its add ("NEW CLIENT!! add …"), as typed. */
export function withoutNewsLead(text: string): string {
  return text.replace(NEWS_BEFORE_ADD, "");
}

/** "remind me the night before the mot yeah? i always forget …": a nod asked for after a request. */
const NOD_TAG = /,?\s+(?:yeah|yea|ok|okay|pls|please|plz)\?+(?=\s|$)/gi;

/** The message with a nod asked for after a request ("… yeah?") read as the request's full stop. */
export function withoutNodTag(text: string): string {
  return text.replace(NOD_TAG, ".");
}

/** "move the hooks over to work tbh": a filler closing the message, never a word of what it names. */
const CLOSING_FILLER = /[\s,]+(?:tbh|tbf|ngl|lol|innit|hun|x+|if i'?m honest|to be honest|to be fair)[\s.!]*$/i;

/** The message without the fillers that close it ("… tbh", "… lol x", "… if i'm honest"), as typed. */
export function withoutClosingFiller(text: string): string {
  let t = text;
  for (let i = 0; i < 3 && CLOSING_FILLER.test(t); i++) t = t.replace(CLOSING_FILLER, "");
  return t;
}

/** Strips fillers and politeness; returns lower-case text without trailing punctuation. */
export function cleanRequest(text: string): string {
  let t = text.toLowerCase().trim();
  for (let i = 0; i < 4; i++) {
    const before = t;
    t = t
      .replace(LEADING_FILLER, "")
      .replace(POLITE_PREFIX, "")
      .replace(TRAILING, "")
      .replace(TRAILING_RELIEF, "")
      .replace(OR_NOT, "$1")
      .replace(NOT_AT_ALL, "$1")
      .replace(DONE_THEN_COMMAND, "");
    if (t === before) break;
  }
  return trimPunctuation(t.replace(/(?<!\?)\?+$/, ""));
}

/** Same, but keeps the user's casing (for titles): cuts the same number of characters. */
export function cleanRequestKeepCase(text: string): string {
  const loweredClean = cleanRequest(text);
  const lowered = text.toLowerCase();
  const start = lowered.indexOf(loweredClean);
  if (start < 0) return loweredClean;
  let from = start;
  let to = start + loweredClean.length;
  // A title quoted to the very end ("add "a" and "b"") keeps its closing quote.
  const quotes = (text.slice(from, to).match(/"/g) ?? []).length;
  if (quotes % 2 === 1) {
    if (text[to] === '"') to++;
    else if (from > 0 && text[from - 1] === '"') from--;
  }
  return text.slice(from, to);
}
