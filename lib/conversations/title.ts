/** A conversation's title, derived from its first user message. */
import { TITLE_MAX } from "@/lib/limits";

export const DEFAULT_TITLE = "New chat";
const TITLE_CHARS = 60;

export function deriveTitle(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return DEFAULT_TITLE;
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const atWord = cut.lastIndexOf(" ") > 30 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord}…`.slice(0, TITLE_MAX);
}
