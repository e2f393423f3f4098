/** Tidying the words of a task line: blanks, surrounding punctuation, capitals, a quoted title. */

export function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const EDGE = new Set([..." \"'`,.:;!?-"]);

/** Trims surrounding punctuation and quotes a person would not want in a title (a loop: linear in any input). */
export function trimPunctuation(text: string): string {
  const t = collapse(text);
  let start = 0;
  let end = t.length;
  while (start < end && EDGE.has(t[start] ?? "")) start++;
  while (end > start && EDGE.has(t[end - 1] ?? "")) end--;
  return t.slice(start, end);
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

const QUOTED = /"([^"]+)"|`([^`]+)`|(?:^|[\s:(])'([^']+)'(?=$|[\s,.!?:;)])/;

/** The text inside the first pair of quotes, if any ("…", '…' around words, `…`). */
export function quoted(text: string): string | null {
  return quotedSpan(text)?.inner ?? null;
}

/** The first quoted text and where its closing quote ends, if any. */
export function quotedSpan(text: string): { inner: string; end: number } | null {
  const m = QUOTED.exec(text);
  const inner = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  return m && inner ? { inner, end: m.index + m[0].length } : null;
}

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
