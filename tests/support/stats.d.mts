/** Percentiles (nearest rank) of a set of timings, in ms rounded to 0.1. */
export type Timing = { n: number; p50: number; p95: number; p99: number; max: number };

export declare function percentile(values: readonly unknown[], p: number): number | null;
export declare function summarise(samples: readonly number[]): Timing;
