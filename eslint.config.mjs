import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import regexp from "eslint-plugin-regexp";

const config = [
  ...nextVitals,
  ...nextTs,
  // Regexes (eslint-plugin-regexp, owned with the built-in assistant, docs/agent.md "Bounds"): a chat
  // message must never hang a worker, so super-linear backtracking is an error.
  regexp.configs["flat/recommended"],
  {
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
      "regexp/no-misleading-capturing-group": "error",
      // Style rules of the recommended set that report on code written before the plugin came in;
      // none of them is about safety. Turn each back on with `npx eslint --fix` in a formatting pass.
      "regexp/no-dupe-disjunctions": "off",
      "regexp/no-unused-capturing-group": "off",
      "regexp/prefer-w": "off",
      "regexp/use-ignore-case": "off",
      "regexp/prefer-character-class": "off",
      "regexp/optimal-quantifier-concatenation": "off",
      "regexp/no-useless-non-capturing-group": "off",
      "regexp/no-useless-lazy": "off",
      "regexp/prefer-predefined-assertion": "off",
      "regexp/no-useless-escape": "off",
      "regexp/no-dupe-characters-character-class": "off",
      "regexp/no-useless-assertions": "off",
      "regexp/no-useless-character-class": "off",
      "regexp/prefer-d": "off",
      "prefer-regex-literals": "off",
      // The emoji class in lib/agent/builtin/text.ts (normalize) names joiners and modifiers on purpose.
      "no-misleading-character-class": "off",
    },
  },
  {
    // Polynomial (never exponential) patterns where the input is bounded or not the server's. Every
    // other file, and every new one, passes the rule.
    // - The built-in model's sentence-regex readers not yet rebuilt on the lexicon and word grammar
    //   (docs/agent.md): they see at most 600 characters / 60 words of normalised text (blanks
    //   collapsed, punctuation runs cut to three); tests/unit/builtin/bounds.test.ts times the whole
    //   model and every exported rule on pumped inputs (< 50 ms).
    // - lib/task-line's clock, priority words and reader (moved from the model): chat clauses as
    //   above, a quick-add line at most 4 × TITLE_MAX characters; tests/unit/builtin/bounds.test.ts
    //   times them pumped.
    // - components: runs in the user's own browser, on their own conversation.
    // - bench, scripts, tests: our own inputs, never a request's.
    files: [
      "lib/agent/builtin/intents/add.ts",
      "lib/agent/builtin/intents/bulk-update.ts",
      "lib/agent/builtin/intents/cleanup.ts",
      "lib/agent/builtin/intents/index.ts",
      "lib/agent/builtin/intents/list.ts",
      "lib/agent/builtin/intents/mood.ts",
      "lib/agent/builtin/intents/organise.ts",
      "lib/agent/builtin/intents/refs.ts",
      "lib/agent/builtin/text.ts",
      "lib/task-line/clock.ts",
      "lib/task-line/priority.ts",
      "lib/task-line/read.ts",
      "components/**",
      "bench/**",
      "scripts/**",
      "tests/**",
    ],
    rules: {
      "regexp/no-super-linear-backtracking": "off",
      "regexp/no-super-linear-move": "off",
    },
  },
  {
    ignores: [
      ".next/**",
      "dist/**",
      "node_modules/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
];

export default config;
