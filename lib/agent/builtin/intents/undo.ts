/** "undo", "undo that", "take that back", "revert that": revert what the previous turn changed. */
import { verbs } from "../lexicon";
import type { Intent } from "./types";

const UNDO = new RegExp(
  `^(?:(?:oops|whoops|no|nope|wait|sorry|hmm|ugh)[,!.]*\\s+)*(?:please\\s+)?(?:${verbs("undo", "base")})(?:\\s+(?:that|it|this|those|them|everything|all of that|the last (?:change|changes|thing|one|action|step)|(?:my|your) last (?:change|changes|request|action)|what you (?:just )?did|what i (?:just )?(?:said|asked|did)|the changes?|it all))?(?:\\s+(?:please|now|again))?$|^(?:take|put)\\s+(?:that|it|this|those|them|everything)\\s+back(?:\\s+(?:please|to how it was|the way it was|as it was))?$|^(?:change|put|set)\\s+(?:it|that|them|everything)\\s+back(?:\\s+(?:to how it was|the way it was|as it was|like before))?$|^(?:go\\s+back|revert\\s+to\\s+before|restore\\s+(?:it|that|everything)\\s+(?:to\\s+)?(?:how|the way)\\s+it\\s+was)$`,
);

export function readUndo(text: string): Intent | null {
  return UNDO.test(text) ? { type: "undo" } : null;
}
