#!/usr/bin/env node
/**
 * Where a server's CPU went: reads `.cpuprofile` files (from `BENCH_SERVER_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=DIR" node bench/all.mjs`), maps every sampled frame of the production build
 * back to its original source through the build's source maps (.next/server/**.js.map), and
 * prints the self time by package / project file and the top functions. A `.heapprofile`
 * (sampling heap profile, e.g. with includeObjectsCollectedByMajorGC/MinorGC: every allocation,
 * not only the live ones) is summarised the same way, in bytes allocated.
 *
 *   node bench/profile-summary.mjs DIR/*.cpuprofile [--top 40] [--by file|package] [--json]
 *
 * Groups: `node:` internals (streams, http, timers, …), `(gc)`, `(idle)`/`(program)`, a package
 * name for node_modules, or the project file (lib/…, app/…).
 */
import fs from "node:fs";
import path from "node:path";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const TOP = Number(flag("--top", 40));
const BY = flag("--by", "package");
const JSON_OUT = args.includes("--json");
const files = args.filter((a, i) => /\.(cpu|heap)profile$/.test(a) && !["--top", "--by"].includes(args[i - 1]));
if (!files.length) {
  console.error("usage: node bench/profile-summary.mjs <file.cpuprofile>… [--top N] [--by file|package] [--json]");
  process.exit(2);
}

const maps = new Map();
function sourceMapFor(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  try {
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    const mapFile = `${file}.map`;
    if (fs.existsSync(mapFile)) map = new SourceMap(JSON.parse(fs.readFileSync(mapFile, "utf8")));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

function original(frame) {
  const { url, lineNumber, columnNumber, functionName } = frame;
  if (!url) return { source: functionName.startsWith("(") ? functionName : "(native)", name: functionName || "(anonymous)" };
  const map = sourceMapFor(url);
  if (map) {
    const e = map.findEntry(lineNumber, columnNumber);
    if (e && e.originalSource) return { source: e.originalSource, name: e.name ?? functionName ?? "(anonymous)", line: e.originalLine + 1 };
  }
  return { source: url, name: functionName || "(anonymous)", line: lineNumber + 1 };
}

function group(source) {
  if (source.startsWith("(")) return source;
  if (source.startsWith("node:"))
    return source
      .split("/")
      .slice(0, 2)
      .join("/")
      .replace(/^node:internal\/?/, "node:");
  const s = source
    .replace(/^file:\/\//, "")
    .replace(/^\[project\]\//, "")
    .replace(/^turbopack:\/\/\/\[project\]\//, "");
  const nm = s.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = s.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (BY === "file") return `${pkg}/${rest.slice(rest[0].startsWith("@") ? 2 : 1).join("/")}`;
    // Next's own server is large: split it one level down.
    if (pkg === "next") return `next/${rest.slice(1, 4).join("/")}`;
    return pkg;
  }
  const project = /(?:^|\/)((?:lib|app|scripts|components)\/.*)$/.exec(s.replace(/^(\.\.\/)+/, ""));
  return project ? project[1] : path.normalize(s);
}

const bySource = new Map();
const byFunction = new Map();
/** Inclusive time: a sample counts for every group (and project function) on its stack. */
const inclusive = new Map();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  if (file.endsWith(".heapprofile")) {
    // A tree of { callFrame, selfSize (bytes), children }: the same tables, in bytes (as "us").
    const walk = (n) => {
      const o = original(n.callFrame);
      if (n.selfSize) {
        total += n.selfSize;
        const g = group(o.source);
        bySource.set(g, (bySource.get(g) ?? 0) + n.selfSize);
        const key = `${o.name}  ${g}${o.line ? `:${o.line}` : ""}`;
        byFunction.set(key, (byFunction.get(key) ?? 0) + n.selfSize);
      }
      for (const c of n.children ?? []) walk(c);
    };
    walk(profile.head);
    continue;
  }
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas;
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  }
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const origins = new Map();
  const originOf = (n) => {
    if (!origins.has(n.id)) origins.set(n.id, original(n.callFrame));
    return origins.get(n.id);
  };
  for (const [id, us] of selfUs) {
    if (originOf(nodes.get(id)).source === "(idle)") continue;
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const o = originOf(nodes.get(cur));
      const g = group(o.source);
      seen.add(g);
      if (/^(lib|app)\//.test(g)) seen.add(`${o.name}  ${g}`);
    }
    for (const g of seen) inclusive.set(g, (inclusive.get(g) ?? 0) + us);
  }
  for (const [id, us] of selfUs) {
    const n = nodes.get(id);
    const o = original(n.callFrame);
    if (o.source === "(idle)") continue;
    total += us;
    const g = group(o.source);
    bySource.set(g, (bySource.get(g) ?? 0) + us);
    const key = `${o.name}  ${g}${o.line ? `:${o.line}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
}

const rows = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, us]) => ({ name: k, ms: Math.round(us / 1000), share: Math.round((us / total) * 1000) / 10 }));
const result = { busyMs: Math.round(total / 1000), groups: rows(bySource), functions: rows(byFunction), inclusive: rows(inclusive) };
const unit = files.every((f) => f.endsWith(".heapprofile")) ? "KB allocated" : "ms";
if (JSON_OUT) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`total in the profiles: ${result.busyMs} ${unit}\n\n| self by ${BY} | ${unit} | % |\n| --- | --- | --- |`);
  for (const r of result.groups) console.log(`| ${r.name} | ${r.ms} | ${r.share} |`);
  console.log("\n| function | ms | % |\n| --- | --- | --- |");
  for (const r of result.functions) console.log(`| ${r.name} | ${r.ms} | ${r.share} |`);
  console.log("\n| inclusive (self + callees) | ms | % |\n| --- | --- | --- |");
  for (const r of result.inclusive) console.log(`| ${r.name} | ${r.ms} | ${r.share} |`);
}
