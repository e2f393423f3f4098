/** Percentiles (nearest rank) of a set of timings, in ms rounded to 0.1. */
export type Timing = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted[sorted.length - 1] ?? 0) };
}
