/** Percentiles of timings, nearest rank: the value at rank ⌈p/100 · n⌉ of the sorted samples. */

/** The p-th percentile of the numbers among `values` (others are skipped); null when there are none. */
export function percentile(values, p) {
  const sorted = values.filter((v) => typeof v === "number" && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** n, p50, p95, p99 and max of the samples, rounded to 0.1 (all 0 when there are none). */
export function summarise(samples) {
  const round = (v) => Math.round((v ?? 0) * 10) / 10;
  const n = samples.filter((v) => typeof v === "number" && !Number.isNaN(v)).length;
  return {
    n,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    max: round(percentile(samples, 100)),
  };
}
