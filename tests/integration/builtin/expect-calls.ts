/** Assertions on the tool calls a turn emitted: name plus the key fields of the input. */
import { expect } from "vitest";
import type { Call } from "./harness";

export type Expected = { toolName: string; input?: Record<string, unknown> };

/** The look-up the built-in model makes before an add said in passing ("need to …", a bare chore): the user may have that task already. */
export const LOOKUP: Expected = { toolName: "list_tasks", input: { limit: 100 } };

function fieldMatches(actual: unknown, expected: unknown): boolean {
  if (expected instanceof RegExp) return typeof actual === "string" && expected.test(actual);
  if (typeof expected === "string" && typeof actual === "string") return actual.trim().toLowerCase() === expected.trim().toLowerCase();
  if (expected === undefined) return actual === undefined;
  return JSON.stringify(actual) === JSON.stringify(expected);
}

function describe(calls: Call[]): string {
  return JSON.stringify(calls);
}

/** Every expected call appears, in order, among the actual calls (which may have no others). */
export function expectCalls(actual: Call[], expected: Expected[]): void {
  expect(actual.length, `calls: ${describe(actual)}`).toBe(expected.length);
  expected.forEach((e, i) => {
    const a = actual[i];
    expect(a?.toolName, `call ${i} of ${describe(actual)}`).toBe(e.toolName);
    for (const [key, value] of Object.entries(e.input ?? {})) {
      expect(fieldMatches(a?.input[key], value), `call ${i} field ${key}: ${describe(actual)}`).toBe(true);
    }
  });
}

export function expectNoCalls(actual: Call[]): void {
  expect(actual, `calls: ${describe(actual)}`).toEqual([]);
}
