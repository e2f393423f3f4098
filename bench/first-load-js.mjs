// Measures the First Load JS of a page as a browser gets it: every <script src> in the signed-in
// HTML of the page, fetched and gzipped (level 9), summed. Usage:
//   node bench/first-load-js.mjs http://127.0.0.1:3200 [/path ...]
import { gzipSync } from "node:zlib";
import { Client } from "../tests/evals/client.mjs";

const [base = "http://127.0.0.1:3200", ...paths] = process.argv.slice(2);
const client = new Client(base);
await client.signUpAndIn(`bundle-${Date.now()}@example.com`, "correct horse battery staple");

for (const path of paths.length ? paths : ["/", "/login", "/settings"]) {
  const page = await client.req("GET", path);
  const sources = [...page.text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  let raw = 0;
  let gz = 0;
  const rows = [];
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const zipped = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += zipped;
    rows.push([src, zipped]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`${path}: ${sources.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`);
  for (const [src, size] of rows.slice(0, 5)) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
