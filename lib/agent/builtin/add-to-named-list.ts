/**
 * add-to-named-list (named rule): "add bin bags to cafe" — a bare word after "to/on/in" closing an
 * add may be one of the user's own lists, which the readers cannot know (intents/list-tail.ts knows
 * only the words people usually name lists with). The planner looks the lists up once
 * (`list_lists`); when the word names one, the task goes there and the words leave its title;
 * otherwise the title stays as typed ("add talk to mum").
 */
import { capitalize } from "@/lib/task-line/text";
import { goesSomewhere, listNamed } from "./intents/list-tail";
import type { AddItem } from "./intents/types";

const JOINS: ReadonlySet<string> = new Set(["to", "on", "onto", "in", "into"]);
/** Rule things-for-list ("onion sets and compost for the allotment"): "for" joins the list too. */
export const JOINS_WITH_FOR: ReadonlySet<string> = new Set([...JOINS, "for"]);
const ARTICLES = new Set(["the", "my", "our"]);
const NAME = /^[a-z][a-z0-9-]*$/;
const PLACING = new Set(["add", "put", "stick", "pop", "chuck", "bung", "shove", "whack"]);

/**
 * "to cafe", "on the cafe list" at `from` in lower-case words: a join word, maybe "the/my/our", a name and maybe
 * "list"; the name and where the words after it start, or null.
 */
export function listNamedAt(words: readonly string[], from: number, joins = JOINS): { name: string; end: number } | null {
  if (!joins.has(words[from] ?? "")) return null;
  const at = ARTICLES.has(words[from + 1] ?? "") ? from + 2 : from + 1;
  const name = words[at] ?? "";
  if (!NAME.test(name)) return null;
  // "on the food bank list": a name of two words, said with "list".
  if (words[at + 2] === "list" && NAME.test(words[at + 1] ?? "") && words[at + 1] !== "list")
    return { name: `${name} ${words[at + 1]}`, end: at + 3 };
  // "to maple court": a name of two words closing the words (a list only if the user has one so named).
  if (at + 2 === words.length && NAME.test(words[at + 1] ?? "") && words[at + 1] !== "list")
    return { name: `${name} ${words[at + 1]}`, end: at + 2 };
  return { name, end: words[at + 1] === "list" ? at + 2 : at + 1 };
}

/** The list name a title may end with ("bin bags to cafe", "napkins on the cafe list"), and the title before it. */
export function listTailOf(title: string, joins = JOINS): { head: string; name: string } | null {
  const words = title.trim().split(/\s+/);
  const lower = words.map((w) => w.toLowerCase());
  // The join is two to five words from the end ("to cafe", "on the cafe list", "to the food bank list").
  const k = [2, 3, 4, 5].map((n) => lower.length - n).find((i) => i >= 1 && listNamedAt(lower, i, joins)?.end === lower.length);
  if (k === undefined) return null;
  const name = listNamedAt(lower, k, joins)!.name;
  // "talk to mum", "drive to work": where one goes, not a list.
  if (goesSomewhere(words[0] ?? "")) return null;
  // "put napkins in cafe": the placing verb goes with the list.
  const from = k > 1 && PLACING.has((words[0] ?? "").toLowerCase()) ? 1 : 0;
  return { head: words.slice(from, k).join(" "), name };
}

/** Whether an add may name a list of the user's that the readers could not see (then worth a `list_lists`). */
export function mayNameUnknownList(items: readonly AddItem[]): boolean {
  return items.some((i) => !i.list && listTailOf(i.title) !== null);
}

/** The item placed in the list its title ends with, when the user has that list. */
export function placedInNamedList<T extends { title: string; list?: string }>(item: T, lists: readonly string[], joins = JOINS): T {
  const tail = item.list ? null : listTailOf(item.title, joins);
  const list = tail ? listNamed(tail.name, lists) : null;
  return tail && list ? { ...item, title: capitalize(tail.head), list } : item;
}
