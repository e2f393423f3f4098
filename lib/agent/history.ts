/**
 * The slice of the conversation the model sees: the last N messages. A tool call and its result
 * live in the same assistant message (UI parts), so cutting between messages never separates
 * them; the window also never starts with an assistant message (some providers reject that).
 */
import type { UIMessage } from "ai";

export function windowMessages<M extends UIMessage>(messages: M[], limit: number): M[] {
  let start = Math.max(0, messages.length - limit);
  while (start < messages.length && messages[start]?.role !== "user") start++;
  // A window with no user message at all (e.g. a continuation) keeps the tail as is.
  return start >= messages.length ? messages.slice(Math.max(0, messages.length - limit)) : messages.slice(start);
}

/**
 * The window cut further to at most `maxChars` characters of message content (as sent), dropping
 * the oldest messages first; the newest message always stays, and the window again never starts
 * with an assistant message when a user message can start it.
 */
export function capHistoryChars<M extends UIMessage>(messages: M[], maxChars: number): M[] {
  const sizes = messages.map((m) => JSON.stringify(m.parts).length);
  let total = sizes.reduce((a, b) => a + b, 0);
  let start = 0;
  while (total > maxChars && start < messages.length - 1) total -= sizes[start++]!;
  let first = start;
  while (first < messages.length - 1 && messages[first]?.role !== "user") first++;
  return messages.slice(messages[first]?.role === "user" ? first : start);
}
