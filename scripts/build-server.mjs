/**
 * Compiles the production server to plain JavaScript ahead of time (part of `npm run build`), so
 * that `npm start` runs Node alone: no tsx or esbuild process at run time (docs/benchmarks.md,
 * "Compiled server"). Each entry is bundled with the project code it imports (scripts/db/*,
 * lib/*); packages in node_modules stay imports, resolved at run time as before.
 *
 *   dist/with-db.js   scripts/with-db.ts (a migrated database, then the command)
 *   dist/serve.js     scripts/serve.ts   (the clustered production server)
 */
import { build } from "esbuild";

await build({
  entryPoints: { "with-db": "scripts/with-db.ts", serve: "scripts/serve.ts" },
  outdir: "dist",
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  logLevel: "warning",
});
console.log("compiled the production server into dist/ (with-db.js, serve.js)");
