/**
 * Writes the site's static default images into public/ (run once; the output is committed):
 *
 *   npx tsx scripts/seed/make-default-images.ts
 *
 * - public/images/default-avatar.png  256x256 neutral person silhouette
 * - public/placeholder-poster.png     400x600 "No poster"
 * - public/placeholder-cover.png      400x600 "No cover"
 * - public/favicon.png                64x64 film strip + bookmark, brand rust on cream
 * - public/icons/icon-192.png, icon-512.png, maskable-512.png   the web app manifest's icons (the favicon's art)
 * - public/share.png                  1200x630 the home page's share image (og:image)
 *
 * Rendering is deterministic, so re-running produces byte-identical files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  renderAppIcon,
  renderDefaultAvatar,
  renderFavicon,
  renderMaskableIcon,
  renderPlaceholderCover,
  renderPlaceholderPoster,
  renderSiteShareImage,
} from "./images.ts";

const publicDir = fileURLToPath(new URL("../../public/", import.meta.url));

const outputs: Array<[string, () => Uint8Array]> = [
  ["images/default-avatar.png", renderDefaultAvatar],
  ["placeholder-poster.png", renderPlaceholderPoster],
  ["placeholder-cover.png", renderPlaceholderCover],
  ["favicon.png", renderFavicon],
  ["icons/icon-192.png", () => renderAppIcon(192)],
  ["icons/icon-512.png", () => renderAppIcon(512)],
  ["icons/maskable-512.png", () => renderMaskableIcon(512)],
  ["share.png", renderSiteShareImage],
];

for (const [name, render] of outputs) {
  const file = `${publicDir}${name}`;
  const bytes = render();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(`wrote ${relative(process.cwd(), file)} (${(bytes.length / 1024).toFixed(1)} KB)`);
}
