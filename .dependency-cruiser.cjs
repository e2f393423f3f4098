/**
 * Import rules (`npm run lint:imports`, part of `npm run lint`): the arrows of
 * docs/architecture.md, checked. app → components → lib; lib never imports app or components;
 * no circles between files or between folders; the built-in model is used through its entry.
 * Which packages may reach the browser is checked by tests/unit/ui/client-imports.test.ts
 * (it follows "use client" directives, which this tool does not read).
 *
 * `KNOWN` lists violations that existed when a rule was set up, each with the work that removes
 * it: the rule holds for every other file, and a known entry that no longer occurs should be
 * deleted (dependency-cruiser then stops allowing it).
 */

const KNOWN_FILE_CYCLES = [];

/** Callers outside lib/agent/builtin that reach past its entry. */
const KNOWN_BUILTIN_INTERNALS_CALLERS = [];

/** Folder circles that exist today, each owned by another piece of work. */
const KNOWN_FOLDER_CYCLES = [];

module.exports = {
  forbidden: [
    {
      name: "lib-not-upward",
      comment: "lib is the bottom layer: it never imports app/ or components/.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-not-app",
      comment: "components/ are used by app/, never the other way round.",
      severity: "error",
      from: { path: "^components/" },
      // The one arrow back: a form may import a server action ("use server", app/**/actions.ts):
      // like an /api route, it is an endpoint the browser calls, not code that runs in it.
      to: { path: "^app/", pathNot: "^app/.*/actions[.]ts$" },
    },
    {
      name: "app-code-not-tests",
      comment: "Shipped code (app, components, lib, scripts) never imports tests/ or bench/.",
      severity: "error",
      from: { path: "^(app|components|lib|scripts|proxy[.]ts)" },
      to: { path: "^(tests|bench)/" },
    },
    {
      name: "no-file-cycles",
      comment: "No file imports itself through others (type-only imports count: they tie files just as much).",
      severity: "error",
      from: { pathNot: KNOWN_FILE_CYCLES },
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment: "No folder depends on itself through other folders (e.g. lib/tasks ↔ lib/lists).",
      severity: "error",
      scope: "folder",
      // Among lib/ and components/ folders: app/'s only way back in is a server action (see
      // components-not-app), and a circle through it would need a component → app arrow.
      from: { path: "^(lib|components)(/|$)", pathNot: KNOWN_FOLDER_CYCLES },
      to: { circular: true, path: "^(lib|components)(/|$)" },
    },
    {
      name: "builtin-through-its-entry",
      comment:
        "Outside lib/agent/builtin (and its own unit tests), the built-in model is imported through lib/agent/builtin (index.ts) only.",
      severity: "error",
      from: { pathNot: ["^lib/agent/builtin/", "^tests/(unit|integration)/builtin/", ...KNOWN_BUILTIN_INTERNALS_CALLERS] },
      to: { path: "^lib/agent/builtin/", pathNot: "^lib/agent/builtin/index[.]ts$" },
    },
    {
      name: "no-unresolvable",
      comment: "Every relative or @/ import resolves to a file.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|lib/generated|[.]next|dist|[.]data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
