/**
 * Labels: free-form, lower-cased words on a task ("errands", "work/q3"). One place decides what a
 * label is, and reads "#errands" out of typed text — the REST API, the agent tools, the built-in
 * model and quick add all use this module.
 */
export const LABEL_MAX = 40;
export const LABELS_PER_TASK_MAX = 20;

/**
 * A label: 1..40 characters after trimming, dropping a leading '#' and lower-casing, no spaces or
 * commas. The label, or why `value` is not one. (No zod here: the task panel runs this in the
 * browser; lib/tasks/label-schema.ts wraps it for request validation.)
 */
export function checkLabel(value: string): { ok: true; label: string } | { ok: false; message: string } {
  const label = value.trim().replace(/^#+/, "").normalize("NFC").toLowerCase();
  if (label.length < 1) return { ok: false, message: "a label must not be empty" };
  if (label.length > LABEL_MAX) return { ok: false, message: `a label must be at most ${LABEL_MAX} characters` };
  if (!/^[^\s,#]+$/u.test(label)) return { ok: false, message: "a label is one word: no spaces, commas or '#'" };
  return { ok: true, label };
}

/** `label` normalised, or null when it is not a valid label. */
export function normalizeLabel(label: string): string | null {
  const result = checkLabel(label);
  return result.ok ? result.label : null;
}

/** Labels merged (existing first), de-duplicated. */
export function mergeLabels(existing: readonly string[], added: readonly string[], removed: readonly string[] = []): string[] {
  const drop = new Set(removed);
  return [...new Set([...existing, ...added])].filter((label) => !drop.has(label));
}

export type LabelSpan = { start: number; end: number; kind: "label"; label: string };

/**
 * A "#word" starts the text or follows a space or an opening bracket, and is followed by the
 * end, a space or punctuation that ends a sentence. "#1" (a number) and "C#" are not labels.
 */
const HASHTAG = /(^|[\s(])#([\p{L}\p{N}_\-/.]*[\p{L}\p{N}_])(?=$|[\s,;:!?).])/gu;

/**
 * Reads "#errands" out of typed text: `text` without the hashtags (spaces tidied), the labels
 * (normalised, de-duplicated, at most 20), and where each hashtag was in the original text.
 * "buy stamps #errands #Post" → { text: "buy stamps", labels: ["errands", "post"], spans: [...] }.
 */
export function extractLabels(input: string): { text: string; labels: string[]; spans: LabelSpan[] } {
  const spans: LabelSpan[] = [];
  const labels: string[] = [];
  for (const match of input.matchAll(HASHTAG)) {
    const word = match[2] ?? "";
    if (/^\p{N}+$/u.test(word)) continue;
    const label = normalizeLabel(word);
    if (!label) continue;
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    spans.push({ start, end: start + 1 + word.length, kind: "label", label });
    if (!labels.includes(label) && labels.length < LABELS_PER_TASK_MAX) labels.push(label);
  }
  let text = input;
  for (const span of [...spans].reverse()) text = text.slice(0, span.start) + text.slice(span.end);
  text = text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/(?<!\s)\s+([,;:!?.])/g, "$1")
    .trim();
  return { text, labels, spans };
}
