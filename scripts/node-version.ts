/**
 * The project runs on Node 24 LTS or newer (docs/runtime.md). `npm install` brings Node 24 as the
 * `node` package, and npm scripts find its binary first on PATH, so this check only fails when a
 * server is started outside npm with an older `node` (e.g. `node dist/serve.js` by hand on Node 20).
 */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this runtime cannot run the server, or null when it can. */
export function unsupportedNode(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return `Talk-todo needs Node ${MINIMUM_NODE_MAJOR} or newer; this is Node ${version}. Start it through npm (npm run dev, npm start), which runs the Node 24 that npm install brought (node_modules/.bin/node), or install Node ${MINIMUM_NODE_MAJOR}.`;
}

/** Exits with a clear message when the runtime is too old. */
export function requireSupportedNode(): void {
  const problem = unsupportedNode();
  if (!problem) return;
  console.error(`[runtime] ${problem}`);
  process.exit(1);
}
