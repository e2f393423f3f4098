/**
 * A value as a `::jsonb` parameter. Postgres refuses the escaped lone surrogate that
 * JSON.stringify writes for half an emoji (e.g. a model's string cut at a length limit), so
 * such strings are made well-formed first (U+FFFD). Well-formed text takes the fast path.
 * No server-only import: the supervisor (scripts/serve.ts) uses it too.
 */
export function jsonParam(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return /\\u[dD][89a-fA-F]/.test(text)
    ? JSON.stringify(value ?? null, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v))
    : text;
}
