// Renders the app icons in public/ from app/icon.svg (run after changing the icon):
//   node scripts/make-icons.mjs
// "any" icons keep the rounded square; the maskable one fills the square edge to edge so a phone
// can cut its own shape (the tick stays inside the 80 % safe zone).
import { readFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync(new URL("../app/icon.svg", import.meta.url));
const maskable = Buffer.from(
  svg
    .toString()
    .replace(/rx="[^"]*"/, 'rx="0"')
    .replace(/<path /, '<path transform="translate(3.2 3.2) scale(0.8)" '),
);
for (const [name, source, size] of [
  ["icon-192.png", svg, 192],
  ["icon-512.png", svg, 512],
  ["icon-maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", maskable, 180],
]) {
  await sharp(source, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(new URL(`../public/${name}`, import.meta.url).pathname);
  console.log(`public/${name}`);
}
