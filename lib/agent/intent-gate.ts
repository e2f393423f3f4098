/**
 * The server's backstop for "questions, remarks, intentions and plans never change data": any
 * model (Gemini, a local one) may turn a vague remark into a junk task. An `add_task` whose title
 * shares no content word with what the user said in this turn is not run; the model gets a
 * result asking it to confirm with the user first. What the user said is their message, plus
 * the assistant's question it answers (a "yes" to "Add 'Buy milk'?", "tomorrow" to "When is
 * 'Buy milk' due?").
 */
import type { ToolFailure } from "@/lib/agent/tools/results";

/** Words that carry no task content: articles, pronouns, auxiliaries, and the words of asking for a task. */
const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at by for with from into onto about as is are was were be been being am do does did doing done have has had " +
    "i me my mine we us our you your it its this that these those there here they them their he she him her his hers " +
    "can could would should will shall may might must need needs want wants like please pls thanks thank ok okay yes yeah yep no not " +
    "add added adding create make new put set task tasks todo todos to-do item items list remind reminder me note jot write down " +
    "just also some any all my so then now too very really get got go going gonna let lets"
  ).split(" "),
);

/** Lower-cased words of a text (letters and digits of any script), without the stop words. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  return words.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /[^\p{Script=Latin}\p{N}]/u.test(w)));
}

/** A word without a plural or -ing/-ed ending ("calls" → "call", "meetings" → "meeting"), keeping 3 letters at least. */
function stem(word: string): string {
  const bare = word.replace(/['’]s$/, "");
  for (const suffix of ["ies", "es", "s", "ing", "ed"])
    if (bare.endsWith(suffix) && bare.length - suffix.length >= 3) return bare.slice(0, -suffix.length);
  return bare;
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const sa = stem(a);
  const sb = stem(b);
  if (sa === sb) return true;
  // One a prefix of the other ("doc" / "doctor", "groceries" / "grocery"): at least 4 letters in common.
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  return short.length >= 4 && long.startsWith(short);
}

/**
 * True when `title` shares a content word with `said`. Scripts written without spaces (Chinese,
 * Japanese, Thai) have no words to compare: there a title word found inside the text counts.
 */
export function sharesContentWord(title: string, said: string): boolean {
  const saidWords = contentWords(said);
  const lowerSaid = said.toLowerCase();
  return contentWords(title).some(
    (w) => saidWords.some((s) => sameWord(w, s)) || (/[^\p{Script=Latin}\p{N}]/u.test(w) && lowerSaid.includes(w)),
  );
}

/** What the model gets instead of a task nobody asked for (nothing is written). */
export function needsConfirmation(title: string): ToolFailure {
  return {
    ok: false,
    code: "needs_confirmation",
    message: `Nothing was added: the user's message does not mention '${title.slice(0, 200)}'. Questions, remarks, intentions and plans never change data. Ask the user whether they want this task added before adding it.`,
  };
}

/**
 * The check for one turn: `said` is the user's message (and the question it answers). Returns
 * the refusal for an `add_task` input that names nothing the user said, else null. No text (an
 * approval by button) → no check: the user approved a proposal they saw.
 */
/**
 * What the user said in this turn for the check: their message, and the assistant's message
 * before it when that asked a question (the user's answer carries its context).
 */
export function saidInTurn(userText: string | null, previousAssistantText: string | null): string | null {
  if (userText === null) return null;
  return previousAssistantText && /\?\s*$/.test(previousAssistantText.trim()) ? `${previousAssistantText}\n${userText}` : userText;
}

export function intentGate(said: string | null): (toolName: string, input: unknown) => ToolFailure | null {
  return (toolName, input) => {
    if (said === null || toolName !== "add_task") return null;
    const title = (input as { title?: unknown } | null)?.title;
    if (typeof title !== "string" || sharesContentWord(title, said)) return null;
    return needsConfirmation(title);
  };
}
