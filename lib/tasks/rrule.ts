/**
 * rrule, importable from every runtime the project has. Its package has no `exports` map and its
 * `main` is a UMD bundle: bundlers (Next.js, vitest) pick its ESM build, but Node's own ESM loader
 * (scripts and benches run with `--import tsx` on Node 24) sees only a CommonJS `default`, so a
 * named `import { RRule } from "rrule"` fails there. A namespace import works in both.
 */
import * as rrule from "rrule";

type RRuleModule = typeof import("rrule");
const mod: RRuleModule = (rrule as RRuleModule & { default?: RRuleModule }).default ?? rrule;

export const RRule = mod.RRule;
export type RRule = import("rrule").RRule;
export type { Options } from "rrule";
