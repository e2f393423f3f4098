/**
 * `--import` hook for the in-process bench child: Node's own ESM loader (no bundler) reads
 * rrule's CommonJS build, which names no exports; point it at rrule's ES module build instead,
 * as Next.js and Vitest do. Registers itself and is its own resolve hook.
 */
import { register } from "node:module";

const esm = new URL("../../node_modules/rrule/dist/esm/index.js", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === "rrule") return { url: esm, format: "module", shortCircuit: true };
  return next(specifier, context);
}

if (!process.env.__RRULE_ESM_HOOK) {
  process.env.__RRULE_ESM_HOOK = "1";
  register(import.meta.url);
}
