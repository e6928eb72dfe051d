/**
 * Deterministic, offline image generation for the demo seed and the site's default images.
 *
 * Every renderer builds an SVG string and rasterises it with resvg, using only the TTF files shipped in
 * `@expo-google-fonts/playfair-display` and `@expo-google-fonts/inter` (system fonts are never loaded, so
 * the output is identical on every machine). The PNG bytes are re-encoded here with zlib at maximum
 * compression and the best of several scanline filters, which makes them several times smaller than
 * resvg's own encoder.
 *
 * Same input, same bytes: all randomness comes from a PRNG seeded with a hash of the `seed` string.
 */
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { SITE_TAGLINE } from "../../app/site.ts";
import { escapeXml } from "../../worker/core/xml.ts";
import { cachedDrawing } from "./seed-cache.ts";

// ---------------------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------------------

export interface PosterInput {
  title: string;
  year?: number | null;
  director?: string;
  /** Any stable string (for example the movie title); decides palette and composition. */
  seed: string;
}

export interface CoverInput {
  title: string;
  author?: string;
  seed: string;
}

export interface AvatarInput {
  /** Display name or username; its initials are drawn. */
  name: string;
  /** Background hue, 0-359. */
  hue: number;
}

export interface ScreenshotInput {
  /** Subtitle-style caption drawn near the bottom of the frame (may be empty). */
  caption: string;
  seed: string;
}

export const POSTER_SIZE = { width: 400, height: 600 } as const;
export const COVER_SIZE = { width: 400, height: 600 } as const;
export const AVATAR_SIZE = { width: 256, height: 256 } as const;
export const SCREENSHOT_SIZE = { width: 800, height: 450 } as const;
export const FAVICON_SIZE = { width: 64, height: 64 } as const;

export const BRAND = { rust: "#b4532a", cream: "#fbf6ee" } as const;

/** 400x600 minimalist movie poster. */
export function renderPoster(input: PosterInput): Uint8Array {
  return rasterize(posterSvg(input));
}

/** 400x600 book cover, deliberately typographic and flat (unlike the posters' gradients). */
export function renderCover(input: CoverInput): Uint8Array {
  return rasterize(coverSvg(input));
}

/** 256x256 avatar: initials on a coloured field; everything important sits inside the inscribed circle. */
export function renderAvatar(input: AvatarInput): Uint8Array {
  return rasterize(avatarSvg(input));
}

/** 800x450 letterboxed "film still" with a subtitle-style caption. */
export function renderScreenshot(input: ScreenshotInput): Uint8Array {
  return rasterize(screenshotSvg(input));
}

/** 256x256 neutral person silhouette (public/images/default-avatar.png). */
export function renderDefaultAvatar(): Uint8Array {
  return rasterize(defaultAvatarSvg());
}

/** 400x600 neutral "No poster" placeholder (public/placeholder-poster.png). */
export function renderPlaceholderPoster(): Uint8Array {
  return rasterize(placeholderSvg("poster"));
}

/** 400x600 neutral "No cover" placeholder (public/placeholder-cover.png). */
export function renderPlaceholderCover(): Uint8Array {
  return rasterize(placeholderSvg("cover"));
}

/** 64x64 favicon: a film strip and a bookmark in the brand rust on cream (public/favicon.png). */
export function renderFavicon(): Uint8Array {
  return rasterize(faviconSvg());
}

/** The favicon's art at `size` pixels square, for the web app manifest's icons (public/icons/icon-<size>.png). */
export function renderAppIcon(size: number): Uint8Array {
  return rasterize(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="14" fill="${BRAND.cream}"/>${faviconArt()}</svg>`);
}

/**
 * A maskable icon (public/icons/maskable-<size>.png): cream to every edge, and the art scaled and centred inside
 * the middle circle of 40% radius that every platform's mask keeps.
 */
export function renderMaskableIcon(size: number): Uint8Array {
  // The art spans x 4..60 and y 0..54; at 0.6 its corners are 23 units from the centre, inside the 25.6 kept.
  return rasterize(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" fill="${BRAND.cream}"/>
    <g transform="translate(12.8 15.8) scale(0.6)">${faviconArt()}</g></svg>`);
}

/**
 * The home page's 1200×630 share image (public/share.png): the favicon's art beside the site's name and tagline,
 * in the colours of the connections' share images (worker/core/share-images/card.ts).
 */
export function renderSiteShareImage(): Uint8Array {
  const serif = textAttrs({ family: SERIF, weight: 700 });
  const italic = textAttrs({ family: SERIF, weight: 400, italic: true });
  return rasterize(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
    <rect width="1200" height="630" fill="${BRAND.cream}"/>
    <rect y="616" width="1200" height="14" fill="${BRAND.rust}"/>
    <g transform="translate(110 175) scale(4.4)">${faviconArt()}</g>
    <text x="450" y="300" ${serif} font-size="104" fill="${BRAND.rust}">MovieBooks</text>
    <text x="454" y="380" ${italic} font-size="46" fill="#2b1d14">${escapeXml(SITE_TAGLINE)}</text></svg>`);
}

// ---------------------------------------------------------------------------------------------------------
// Fonts and text measurement
// ---------------------------------------------------------------------------------------------------------

const SERIF = "Playfair Display";
const SANS = "Inter";

const require = createRequire(import.meta.url);
const FONT_FILES: string[] = [
  "@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf",
  "@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf",
  "@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf",
  "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  "@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf",
  "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
].map((file) => require.resolve(file));

const RESVG_OPTIONS = {
  font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: SANS },
  shapeRendering: 2,
  textRendering: 1,
  logLevel: "off",
} as const;

interface FontSpec {
  family: typeof SERIF | typeof SANS;
  weight: number;
  italic?: boolean;
}

const widthCache = new Map<string, number>();

/** Rendered width of `text` at 100px (ink bounds, measured by resvg itself so it matches the output). */
function width100(text: string, font: FontSpec): number {
  const key = `${font.family}|${font.weight}|${font.italic ? "i" : ""}|${text}`;
  const cached = widthCache.get(key);
  if (cached !== undefined) return cached;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200">` +
    `<text x="10" y="150" font-family="${font.family}" font-weight="${font.weight}"` +
    `${font.italic ? ' font-style="italic"' : ""} font-size="100">${escapeXml(text)}</text></svg>`;
  const bbox = new Resvg(svg, RESVG_OPTIONS).getBBox();
  const width = bbox ? bbox.width : text.length * 55;
  widthCache.set(key, width);
  return width;
}

function textWidth(text: string, font: FontSpec, size: number, letterSpacing = 0): number {
  if (text.trim() === "") return 0;
  return (width100(text, font) * size) / 100 + letterSpacing * Math.max(0, Array.from(text).length - 1);
}

/** Greedy word wrap; words longer than the line are kept whole (the caller shrinks the font instead). */
function wrapWords(text: string, font: FontSpec, size: number, maxWidth: number, letterSpacing = 0): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, font, size, letterSpacing) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Word wrap that keeps the greedy line count but evens out the line lengths (no lone last word), by finding
 * the narrowest width that still wraps into the same number of lines.
 */
function balancedWrap(text: string, font: FontSpec, size: number, maxWidth: number): string[] {
  const greedy = wrapWords(text, font, size, maxWidth);
  if (greedy.length < 2) return greedy;
  let lo = maxWidth * 0.4;
  let hi = maxWidth;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    if (wrapWords(text, font, size, mid).length <= greedy.length) hi = mid;
    else lo = mid;
  }
  return wrapWords(text, font, size, hi);
}

/** Truncate to fit `maxWidth`, adding an ellipsis. */
function ellipsize(text: string, font: FontSpec, size: number, maxWidth: number, letterSpacing = 0): string {
  if (textWidth(text, font, size, letterSpacing) <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 1 && textWidth(`${chars.join("").trimEnd()}…`, font, size, letterSpacing) > maxWidth) {
    chars.pop();
  }
  return `${chars.join("").trimEnd()}…`;
}

interface FittedText {
  lines: string[];
  size: number;
}

/**
 * Largest font size (stepping down from `maxSize`) at which the text wraps into at most `maxLines` lines that
 * all fit `maxWidth` and whose total height fits `maxHeight`. At the minimum size, extra lines are dropped
 * and the last kept line is ellipsized.
 */
function fitText(
  text: string,
  font: FontSpec,
  opts: { maxWidth: number; maxHeight: number; maxLines: number; maxSize: number; minSize: number; lineHeight: number },
): FittedText {
  const clean = text.replace(/\s+/g, " ").trim() || "Untitled";
  for (let size = opts.maxSize; size >= opts.minSize; size -= 2) {
    const lines = balancedWrap(clean, font, size, opts.maxWidth);
    const fitsWidth = lines.every((line) => textWidth(line, font, size) <= opts.maxWidth);
    const height = size + (lines.length - 1) * size * opts.lineHeight;
    if (fitsWidth && lines.length <= opts.maxLines && height <= opts.maxHeight) return { lines, size };
  }
  const size = opts.minSize;
  const wrapped = wrapWords(clean, font, size, opts.maxWidth);
  const lines = wrapped.slice(0, opts.maxLines).map((line) => ellipsize(line, font, size, opts.maxWidth));
  if (wrapped.length > opts.maxLines) {
    const last = lines.length - 1;
    lines[last] = ellipsize(`${lines[last] ?? ""}…`, font, size, opts.maxWidth);
  }
  return { lines, size };
}

function textAttrs(font: FontSpec): string {
  return `font-family="${font.family}" font-weight="${font.weight}"${font.italic ? ' font-style="italic"' : ""}`;
}

/** One `<text>` per line, `anchor` "middle" centres on `x`. Returns the SVG and the last baseline. */
function textBlock(
  lines: string[],
  font: FontSpec,
  size: number,
  opts: {
    x: number;
    firstBaseline: number;
    lineHeight: number;
    fill: string;
    anchor?: "start" | "middle" | "end";
    letterSpacing?: number;
    extra?: string;
  },
): string {
  const anchor = opts.anchor ?? "middle";
  return lines
    .map((line, i) => {
      const y = opts.firstBaseline + i * size * opts.lineHeight;
      const spacing = opts.letterSpacing ? ` letter-spacing="${opts.letterSpacing}"` : "";
      return (
        `<text x="${fmt(opts.x)}" y="${fmt(y)}" ${textAttrs(font)} font-size="${fmt(size)}"` +
        ` fill="${opts.fill}" text-anchor="${anchor}"${spacing}${opts.extra ?? ""}>${escapeXml(line)}</text>`
      );
    })
    .join("");
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness and colour
// ---------------------------------------------------------------------------------------------------------

/** 32-bit FNV-1a over UTF-16 code units, finished with a murmur-style avalanche. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for picking shapes and colours. */
function makeRng(seed: string): Rng {
  let state = hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from empty list");
      return item;
    },
    chance: (p) => next() < p,
  };
}

interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, "");
}

const wrapHue = (h: number) => ((Math.round(h) % 360) + 360) % 360;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${wrapHue(h)},${fmt(clamp(s, 0, 100))}%,${fmt(clamp(l, 0, 100))}%)`;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

interface Palette {
  top: string; // background gradient, top
  bottom: string; // background gradient, bottom (also the scrim behind the title)
  glow: string; // light accent (sun, moon, highlights)
  accent: string; // saturated accent
  accent2: string; // secondary accent, usually close to the background
  ink: string; // title colour
  muted: string; // secondary text colour
  light?: boolean; // light background, dark text
}

/** Hand-picked poster palettes; three light ones for variety. */
const POSTER_PALETTES: readonly Palette[] = [
  {
    top: "#1f3a5a",
    bottom: "#0d1726",
    glow: "#ffd6a5",
    accent: "#ff7a59",
    accent2: "#35597a",
    ink: "#fdf3e7",
    muted: "#c9cfd8",
  },
  {
    top: "#a4532a",
    bottom: "#2e170d",
    glow: "#ffe2b0",
    accent: "#f2a65a",
    accent2: "#6b2d17",
    ink: "#fff4e3",
    muted: "#e8cdb5",
  },
  {
    top: "#0f4c4a",
    bottom: "#061c1b",
    glow: "#e9f5db",
    accent: "#f4a259",
    accent2: "#1d7874",
    ink: "#f1faee",
    muted: "#b9d4cf",
  },
  {
    top: "#4a1e4f",
    bottom: "#160b1c",
    glow: "#ffcfd2",
    accent: "#e07a9f",
    accent2: "#6b3a7a",
    ink: "#fbeff5",
    muted: "#d8c2d6",
  },
  {
    top: "#23402c",
    bottom: "#0b150e",
    glow: "#f6e7b4",
    accent: "#d9a441",
    accent2: "#3f6b4a",
    ink: "#f6f1e1",
    muted: "#c9ccb8",
  },
  {
    top: "#415a77",
    bottom: "#0d1b2a",
    glow: "#f1f1ec",
    accent: "#a9c5e0",
    accent2: "#5d7591",
    ink: "#f4f6f8",
    muted: "#c1cbd6",
  },
  {
    top: "#5c0f14",
    bottom: "#1a0505",
    glow: "#ffd7a8",
    accent: "#e4572e",
    accent2: "#8a1c22",
    ink: "#fff1e6",
    muted: "#e3c4b8",
  },
  {
    top: "#3c096c",
    bottom: "#10002b",
    glow: "#f8f7ff",
    accent: "#ff9e00",
    accent2: "#5a189a",
    ink: "#f8f7ff",
    muted: "#cdbfe0",
  },
  {
    top: "#4b4a2f",
    bottom: "#1a1911",
    glow: "#f3e9d2",
    accent: "#c65d3b",
    accent2: "#6d6a43",
    ink: "#f7f2e7",
    muted: "#d3cfbd",
  },
  {
    top: "#f7f0e3",
    bottom: "#eadfcb",
    glow: "#e9a23b",
    accent: "#c8553d",
    accent2: "#2f4858",
    ink: "#1f2a36",
    muted: "#5b6470",
    light: true,
  },
  {
    top: "#eef2e6",
    bottom: "#d6e0cc",
    glow: "#f2c14e",
    accent: "#3f7d6b",
    accent2: "#264653",
    ink: "#1b2b26",
    muted: "#4f605a",
    light: true,
  },
  {
    top: "#fbeee8",
    bottom: "#efd5ca",
    glow: "#f4a261",
    accent: "#b5485f",
    accent2: "#3d405b",
    ink: "#2b2d42",
    muted: "#5f5f73",
    light: true,
  },
];

function posterPalette(rng: Rng): Palette {
  const base = rng.pick(POSTER_PALETTES);
  // Occasionally swap the two accents so the same palette yields different pictures.
  return rng.chance(0.35) ? { ...base, accent: base.accent2, accent2: base.accent } : base;
}

type PosterComposition = "horizon" | "bauhaus" | "rings" | "stripes" | "moon" | "arch" | "eclipse";
const POSTER_COMPOSITIONS: readonly PosterComposition[] = [
  "horizon",
  "bauhaus",
  "rings",
  "stripes",
  "moon",
  "arch",
  "eclipse",
];

interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

function posterSvg({ title, year, director, seed }: PosterInput): string {
  const { width: W, height: H } = POSTER_SIZE;
  const rng = makeRng(`poster:${seed}`);
  const p = posterPalette(rng);
  const composition = rng.pick(POSTER_COMPOSITIONS);

  // Title block, anchored to the bottom; the art gets whatever is left above it.
  const titleFont: FontSpec = { family: SERIF, weight: 700 };
  const fitted = fitText(title, titleFont, {
    maxWidth: W - 64,
    maxHeight: 190,
    maxLines: 4,
    maxSize: 58,
    minSize: 24,
    lineHeight: 1.08,
  });
  const lineStep = fitted.size * 1.08;
  const yearY = H - 34;
  const ruleY = yearY - 24;
  const lastBaseline = ruleY - 22;
  const firstBaseline = lastBaseline - (fitted.lines.length - 1) * lineStep;
  const titleTop = firstBaseline - fitted.size * 0.8;
  // Scrim: fades the art into the bottom colour behind the title.
  const scrimTop = titleTop - 56;
  const art = posterArt(composition, rng, p, { x: 0, y: 62, w: W, h: Math.max(200, scrimTop - 62) }, H);

  const titleSvg = textBlock(fitted.lines, titleFont, fitted.size, {
    x: W / 2,
    firstBaseline,
    lineHeight: 1.08,
    fill: p.ink,
  });
  const sansMed: FontSpec = { family: SANS, weight: 500 };
  const sansSemi: FontSpec = { family: SANS, weight: 600 };
  // The credit line tightens its size and tracking before it resorts to an ellipsis.
  const creditText = director?.trim() ? `A FILM BY ${director.trim().toUpperCase()}` : "";
  const creditStyle = [
    { size: 11, spacing: 2.6 },
    { size: 10, spacing: 1.8 },
    { size: 9.5, spacing: 1.2 },
  ].find((style) => textWidth(creditText, sansMed, style.size, style.spacing) <= W - 56) ?? { size: 9.5, spacing: 1.2 };
  const credit = creditText ? ellipsize(creditText, sansMed, creditStyle.size, W - 56, creditStyle.spacing) : "";
  const creditSvg = credit
    ? `<text x="${W / 2}" y="42" ${textAttrs(sansMed)} font-size="${creditStyle.size}" letter-spacing="${creditStyle.spacing}" fill="${p.muted}" text-anchor="middle">${escapeXml(credit)}</text>`
    : "";
  const yearSvg =
    year != null
      ? `<text x="${W / 2}" y="${yearY}" ${textAttrs(sansSemi)} font-size="13" letter-spacing="5" fill="${p.muted}" text-anchor="middle">${escapeXml(String(year))}</text>`
      : "";
  const rule = `<rect x="${W / 2 - 18}" y="${ruleY}" width="36" height="1.5" fill="${p.accent}"/>`;

  return svgDoc(
    W,
    H,
    `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${p.top}"/><stop offset="0.75" stop-color="${p.bottom}"/>
      </linearGradient>
      <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${p.bottom}" stop-opacity="0"/><stop offset="0.5" stop-color="${p.bottom}" stop-opacity="0.92"/>
        <stop offset="1" stop-color="${p.bottom}" stop-opacity="1"/>
      </linearGradient>
      <linearGradient id="sun" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${p.glow}"/><stop offset="1" stop-color="${p.accent}"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${art}
    <rect x="0" y="${fmt(scrimTop)}" width="${W}" height="${fmt(H - scrimTop)}" fill="url(#scrim)"/>
    <rect x="14" y="14" width="${W - 28}" height="${H - 28}" fill="none" stroke="${p.ink}" stroke-opacity="0.2" stroke-width="1"/>
    ${creditSvg}${titleSvg}${rule}${yearSvg}`,
  );
}

/** Flat concentric discs: a stepped glow that stays crisp (and compresses far better than a radial gradient). */
function steppedHalo(cx: number, cy: number, r: number, color: string, steps = 4, spread = 0.22): string {
  let out = "";
  for (let i = steps; i >= 1; i--) {
    out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r * (1 + i * spread))}" fill="${color}" fill-opacity="0.07"/>`;
  }
  return out;
}

function posterArt(kind: PosterComposition, rng: Rng, p: Palette, a: Area, H: number): string {
  const cx0 = a.x + a.w / 2;
  switch (kind) {
    case "horizon": {
      // Sun over layered ridges that run down behind the title.
      const r = Math.min(a.h * 0.28, rng.range(70, 100));
      const cx = rng.range(a.x + 110, a.x + a.w - 110);
      const cy = a.y + a.h * rng.range(0.38, 0.48);
      let out = steppedHalo(cx, cy, r, p.glow);
      out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="url(#sun)"/>`;
      const first = cy + r * rng.range(0.35, 0.7);
      for (let i = 0; i < 4; i++) {
        const color = i % 2 === 0 ? p.accent2 : p.top;
        out += `<path d="${ridge(rng, a.w, first + i * 30, 16 + i * 6, rng.int(2, 4), H)}" fill="${color}" fill-opacity="${fmt(0.6 + i * 0.13)}"/>`;
      }
      return out;
    }
    case "bauhaus": {
      // A 3x3 grid of quarter discs, discs and squares, scaled into the art area.
      const size = Math.min(a.w - 70, a.h);
      const cell = size / 3;
      const x0 = cx0 - size / 2;
      const y0 = a.y + (a.h - size) / 2;
      const colors = [p.accent, p.glow, p.accent2, p.accent];
      let out = "";
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 3; col++) {
          const x = x0 + col * cell;
          const y = y0 + row * cell;
          const fill = rng.pick(colors);
          // Shapes are stroked in their own colour by half a pixel so neighbours meet without a hairline seam.
          const seam = ` stroke="${fill}" stroke-width="0.6"`;
          const shape = rng.int(0, 6);
          const corner = rng.int(0, 3);
          const ccx = corner === 1 || corner === 2 ? x + cell : x;
          const ccy = corner >= 2 ? y + cell : y;
          if (shape <= 2) {
            // Quarter disc centred on one corner of the cell.
            const sx = ccx === x ? 1 : -1;
            const sy = ccy === y ? 1 : -1;
            out += `<path d="M ${fmt(ccx)} ${fmt(ccy)} L ${fmt(ccx + sx * cell)} ${fmt(ccy)} A ${fmt(cell)} ${fmt(cell)} 0 0 ${sx * sy > 0 ? 1 : 0} ${fmt(ccx)} ${fmt(ccy + sy * cell)} Z" fill="${fill}"${seam}/>`;
          } else if (shape === 3) {
            out += `<circle cx="${fmt(x + cell / 2)}" cy="${fmt(y + cell / 2)}" r="${fmt(cell * 0.34)}" fill="${fill}"/>`;
          } else if (shape === 4) {
            out += `<rect x="${fmt(x + cell * 0.1)}" y="${fmt(y + cell * 0.1)}" width="${fmt(cell * 0.8)}" height="${fmt(cell * 0.8)}" fill="${fill}"${seam}/>`;
          } else if (shape === 5) {
            // Half disc.
            out += `<path d="M ${fmt(x)} ${fmt(y + cell)} A ${fmt(cell / 2)} ${fmt(cell / 2)} 0 0 1 ${fmt(x + cell)} ${fmt(y + cell)} Z" fill="${fill}"${seam}/>`;
          }
        }
      }
      return out;
    }
    case "rings": {
      const maxR = Math.min(a.h / 2 - 4, 150);
      const cx = cx0 + rng.range(-40, 40);
      const cy = a.y + a.h / 2;
      const count = rng.int(5, 8);
      let out = "";
      for (let i = count; i >= 1; i--) {
        const r = (maxR * i) / count;
        const color = i % 3 === 0 ? p.accent : i % 3 === 1 ? p.glow : p.accent2;
        out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="none" stroke="${color}" stroke-width="${fmt(rng.range(2, 9))}" stroke-opacity="${fmt(0.5 + 0.5 * (1 - i / count))}"/>`;
      }
      out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(maxR / count / 2)}" fill="${p.glow}"/>`;
      return out;
    }
    case "stripes": {
      // Horizontal bands with a disc sliced by them (a classic sunset poster).
      const r = Math.min(a.h * 0.36, rng.range(85, 120));
      const cx = cx0 + rng.range(-50, 50);
      const cy = a.y + a.h * 0.5;
      let out = `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="url(#sun)"/>`;
      const bands = rng.int(5, 7);
      for (let i = 0; i < bands; i++) {
        const y = cy + r * (0.05 + i * (0.95 / bands));
        const h = 2 + i * rng.range(1.2, 2.2);
        out += `<rect x="${fmt(cx - r - 2)}" y="${fmt(y)}" width="${fmt(2 * r + 4)}" height="${fmt(h)}" fill="${p.top}"/>`;
      }
      out += `<rect x="${fmt(a.x + 36)}" y="${fmt(cy + r + 18)}" width="${fmt(a.w - 72)}" height="1.5" fill="${p.glow}" fill-opacity="0.5"/>`;
      return out;
    }
    case "moon": {
      // Crescent over still water, with its reflection.
      const r = Math.min(a.h * 0.2, rng.range(50, 70));
      const cx = cx0 + rng.range(-60, 60);
      const cy = a.y + a.h * 0.36;
      const horizon = cy + r + a.h * 0.2;
      let out = steppedHalo(cx, cy, r, p.glow, 3, 0.35);
      const bite = rng.chance(0.5) ? 1 : -1;
      out += `<mask id="crescent"><rect width="400" height="600" fill="#fff"/><circle cx="${fmt(cx + bite * r * 0.42)}" cy="${fmt(cy - r * 0.2)}" r="${fmt(r * 0.9)}" fill="#000"/></mask>`;
      out += `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${p.glow}" mask="url(#crescent)"/>`;
      out += `<rect x="0" y="${fmt(horizon)}" width="400" height="${fmt(H - horizon)}" fill="${p.bottom}" fill-opacity="0.55"/>`;
      for (let i = 0; i < 8; i++) {
        const y = horizon + 12 + i * 12;
        const w = r * (1.7 - i * 0.17) * rng.range(0.75, 1.1);
        out += `<rect x="${fmt(cx - w / 2 + rng.range(-10, 10))}" y="${fmt(y)}" width="${fmt(Math.max(10, w))}" height="2.5" rx="1.25" fill="${p.glow}" fill-opacity="${fmt(0.6 - i * 0.06)}"/>`;
      }
      out += `<rect x="28" y="${fmt(horizon - 1)}" width="344" height="1.5" fill="${p.glow}" fill-opacity="0.4"/>`;
      return out;
    }
    case "arch": {
      // A tall arched window onto a sunset, with a small figure at its foot.
      const w = Math.min(190, a.w * 0.5);
      const h = Math.min(a.h - 10, 320);
      const x = cx0 - w / 2;
      const y = a.y + (a.h - h) / 2;
      const path = `M ${fmt(x)} ${fmt(y + h)} L ${fmt(x)} ${fmt(y + w / 2)} A ${fmt(w / 2)} ${fmt(w / 2)} 0 0 1 ${fmt(x + w)} ${fmt(y + w / 2)} L ${fmt(x + w)} ${fmt(y + h)} Z`;
      const sunY = y + h * rng.range(0.5, 0.62);
      const figX = cx0 + rng.range(-w * 0.25, w * 0.25);
      // The ground and the figure are a silhouette: dark on every palette.
      const shade = p.light ? p.ink : p.bottom;
      return (
        `<defs><clipPath id="arch"><path d="${path}"/></clipPath></defs>` +
        `<path d="${path}" fill="${p.accent2}"/>` +
        `<g clip-path="url(#arch)">` +
        `<circle cx="${fmt(cx0)}" cy="${fmt(sunY)}" r="${fmt(w * 0.32)}" fill="url(#sun)"/>` +
        `<rect x="${fmt(x)}" y="${fmt(sunY + w * 0.12)}" width="${fmt(w)}" height="${fmt(h)}" fill="${shade}"/>` +
        `<rect x="${fmt(x)}" y="${fmt(sunY + w * 0.12)}" width="${fmt(w)}" height="2" fill="${p.glow}" fill-opacity="0.6"/>` +
        `</g>` +
        `<path d="${path}" fill="none" stroke="${p.glow}" stroke-opacity="0.55" stroke-width="1.5"/>` +
        `<g transform="translate(${fmt(figX)} ${fmt(sunY + w * 0.12)}) scale(0.55)" fill="${shade}">${FIGURE_PATH}</g>`
      );
    }
    case "eclipse": {
      // A dark disc passing in front of a bright one, with a thin orbit line.
      const r = Math.min(a.h * 0.3, rng.range(80, 105));
      const cx = cx0 + rng.range(-30, 30);
      const cy = a.y + a.h * 0.5;
      const dx = rng.range(0.12, 0.3) * r * (rng.chance(0.5) ? 1 : -1);
      return (
        steppedHalo(cx, cy, r, p.glow, 4, 0.12) +
        `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${p.glow}"/>` +
        `<circle cx="${fmt(cx + dx)}" cy="${fmt(cy - Math.abs(dx) * 0.4)}" r="${fmt(r * 0.97)}" fill="${p.bottom}"/>` +
        `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(r * 1.75)}" ry="${fmt(r * 0.36)}" transform="rotate(${fmt(rng.range(-18, 18))} ${fmt(cx)} ${fmt(cy)})" fill="none" stroke="${p.accent}" stroke-width="1.5" stroke-opacity="0.85"/>`
      );
    }
  }
}

/** A human silhouette standing on y=0, about 70 units tall, centred on x=0. */
const FIGURE_PATH =
  `<circle cx="0" cy="-62" r="7"/>` +
  `<path d="M -9 -53 Q 0 -56 9 -53 L 12 -22 L 7 -22 L 6 0 L 1 0 L 0 -20 L -1 0 L -6 0 L -7 -22 L -12 -22 Z"/>`;

/** A smooth mountain ridge across the full width, closed to the bottom of the canvas. */
function ridge(rng: Rng, W: number, base: number, amp: number, peaks: number, H: number): string {
  const n = peaks * 2;
  let prevX = -10;
  let prevY = base - amp * rng.range(-0.3, 0.3);
  let d = `M ${fmt(prevX)} ${fmt(prevY)}`;
  for (let i = 1; i <= n; i++) {
    const x = (W * i) / n;
    const y = base - (i % 2 === 1 ? amp * rng.range(0.6, 1.4) : amp * rng.range(-0.3, 0.3));
    d += ` Q ${fmt(prevX)} ${fmt(prevY)} ${fmt((prevX + x) / 2)} ${fmt((prevY + y) / 2)}`;
    prevX = x;
    prevY = y;
  }
  d += ` L ${W + 10} ${fmt(prevY)} L ${W + 10} ${H + 10} L -10 ${H + 10} Z`;
  return d;
}

// ---------------------------------------------------------------------------------------------------------
// Book cover
// ---------------------------------------------------------------------------------------------------------

function coverSvg({ title, author, seed }: CoverInput): string {
  const { width: W, height: H } = COVER_SIZE;
  const rng = makeRng(`cover:${seed}`);
  // Skip the 55-95 band, where muted fields turn a muddy olive.
  const rawHue = rng.range(0, 320);
  const hue = rawHue < 55 ? rawHue : rawHue + 40;
  const style = rng.pick(["band", "frame", "spine"] as const);
  const paper = hsl(hue + 30, 30, 93);
  const field = hsl(hue, rng.range(30, 55), rng.range(30, 42));
  const fieldDark = hsl(hue, rng.range(30, 50), rng.range(18, 24));
  const gold = hsl(hue + 180 + rng.range(-20, 20), rng.range(45, 65), rng.range(62, 72));
  const serif: FontSpec = { family: SERIF, weight: 700 };
  const serifItalic: FontSpec = { family: SERIF, weight: 400, italic: true };
  const sans: FontSpec = { family: SANS, weight: 600 };
  const authorText = (author ?? "").trim().toUpperCase();

  if (style === "band") {
    // Classic paperback: coloured top and bottom, paper band across the middle.
    const bandTop = 150;
    const bandBottom = 450;
    const fitted = fitText(title, serif, {
      maxWidth: W - 90,
      maxHeight: 200,
      maxLines: 4,
      maxSize: 50,
      minSize: 22,
      lineHeight: 1.12,
    });
    const block = fitted.size + (fitted.lines.length - 1) * fitted.size * 1.12;
    const first = (bandTop + bandBottom) / 2 - block / 2 + fitted.size * 0.78;
    const authorLine = authorText ? ellipsize(authorText, sans, 14, W - 80, 3) : "";
    return svgDoc(
      W,
      H,
      `<rect width="${W}" height="${H}" fill="${field}"/>
      <rect x="0" y="${bandTop}" width="${W}" height="${bandBottom - bandTop}" fill="${paper}"/>
      <rect x="0" y="${bandTop - 8}" width="${W}" height="3" fill="${gold}"/>
      <rect x="0" y="${bandBottom + 5}" width="${W}" height="3" fill="${gold}"/>
      ${emblem(rng, W / 2, 78, 26, gold, field)}
      ${textBlock(fitted.lines, serif, fitted.size, { x: W / 2, firstBaseline: first, lineHeight: 1.12, fill: fieldDark })}
      ${authorLine ? `<text x="${W / 2}" y="${bandBottom + 75}" ${textAttrs(sans)} font-size="14" letter-spacing="3" fill="${paper}" text-anchor="middle">${escapeXml(authorLine)}</text>` : ""}`,
    );
  }

  if (style === "frame") {
    // Deep field with a double gilt frame, title centred, emblem, author at the foot.
    const fitted = fitText(title, serif, {
      maxWidth: W - 110,
      maxHeight: 220,
      maxLines: 5,
      maxSize: 46,
      minSize: 20,
      lineHeight: 1.14,
    });
    const block = fitted.size + (fitted.lines.length - 1) * fitted.size * 1.14;
    const first = 250 - block / 2 + fitted.size * 0.78;
    const authorLine = authorText ? ellipsize(authorText, sans, 13, W - 110, 3) : "";
    return svgDoc(
      W,
      H,
      `<rect width="${W}" height="${H}" fill="${fieldDark}"/>
      <rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="${gold}" stroke-width="2"/>
      <rect x="32" y="32" width="${W - 64}" height="${H - 64}" fill="none" stroke="${gold}" stroke-width="0.8"/>
      ${textBlock(fitted.lines, serif, fitted.size, { x: W / 2, firstBaseline: first, lineHeight: 1.14, fill: paper })}
      ${emblem(rng, W / 2, 430, 22, gold, fieldDark)}
      ${authorLine ? `<text x="${W / 2}" y="${H - 70}" ${textAttrs(sans)} font-size="13" letter-spacing="3" fill="${gold}" text-anchor="middle">${escapeXml(authorLine)}</text>` : ""}`,
    );
  }

  // "spine": paper field, a coloured spine band on the left, title set left-aligned, italic author.
  const left = 92;
  const fitted = fitText(title, serif, {
    maxWidth: W - left - 36,
    maxHeight: 260,
    maxLines: 5,
    maxSize: 52,
    minSize: 22,
    lineHeight: 1.1,
  });
  const first = 150 + fitted.size * 0.78;
  const lastBaseline = first + (fitted.lines.length - 1) * fitted.size * 1.1;
  const authorLine = (author ?? "").trim() ? ellipsize((author ?? "").trim(), serifItalic, 22, W - left - 36) : "";
  let dots = "";
  for (let i = 0; i < 12; i++) {
    dots += `<circle cx="34" cy="${60 + i * 44}" r="${i % 3 === 0 ? 5 : 2.5}" fill="${gold}" fill-opacity="0.9"/>`;
  }
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${paper}"/>
    <rect x="0" y="0" width="68" height="${H}" fill="${field}"/>
    <rect x="68" y="0" width="4" height="${H}" fill="${gold}"/>
    ${dots}
    <rect x="${left}" y="112" width="56" height="4" fill="${field}"/>
    ${textBlock(fitted.lines, serif, fitted.size, { x: left, firstBaseline: first, lineHeight: 1.1, fill: fieldDark, anchor: "start" })}
    ${authorLine ? `<text x="${left}" y="${fmt(Math.max(lastBaseline + 70, H - 90))}" ${textAttrs(serifItalic)} font-size="22" fill="${field}">${escapeXml(authorLine)}</text>` : ""}`,
  );
}

/** Small geometric ornament: a diamond, a sunburst or concentric circles. */
function emblem(rng: Rng, cx: number, cy: number, r: number, color: string, bg: string): string {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    return (
      `<path d="M ${cx} ${cy - r} L ${cx + r} ${cy} L ${cx} ${cy + r} L ${cx - r} ${cy} Z" fill="${color}"/>` +
      `<path d="M ${cx} ${cy - r * 0.5} L ${cx + r * 0.5} ${cy} L ${cx} ${cy + r * 0.5} L ${cx - r * 0.5} ${cy} Z" fill="${bg}"/>`
    );
  }
  if (kind === 1) {
    let rays = "";
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      rays += `<line x1="${fmt(cx + Math.cos(a) * r * 0.55)}" y1="${fmt(cy + Math.sin(a) * r * 0.55)}" x2="${fmt(cx + Math.cos(a) * r)}" y2="${fmt(cy + Math.sin(a) * r)}" stroke="${color}" stroke-width="2" stroke-linecap="round"/>`;
    }
    return `${rays}<circle cx="${cx}" cy="${cy}" r="${fmt(r * 0.36)}" fill="${color}"/>`;
  }
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${fmt(r * 0.62)}" fill="none" stroke="${color}" stroke-width="1.2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${fmt(r * 0.25)}" fill="${color}"/>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Avatar
// ---------------------------------------------------------------------------------------------------------

/** Characters the bundled Inter font can draw (Latin, Greek, Cyrillic letters and digits). */
const DRAWABLE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]/u;

/**
 * Up to two initials: the first drawable character of the first and last words. Returns "" when the name has
 * nothing the font can draw (the avatar then shows a silhouette instead).
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[_\-.]+/g, " ")
    .split(/\s+/)
    .map((w) =>
      Array.from(w)
        .filter((ch) => DRAWABLE.test(ch))
        .join(""),
    )
    .filter(Boolean);
  const first = words[0];
  if (!first) return "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const a = Array.from(first)[0] ?? "";
  const b = last ? (Array.from(last)[0] ?? "") : "";
  return (a + b).toLocaleUpperCase("en");
}

function avatarSvg({ name, hue }: AvatarInput): string {
  const { width: W, height: H } = AVATAR_SIZE;
  const h = wrapHue(Number.isFinite(hue) ? hue : 0);
  // Yellows and greens are perceptually bright: darken them so white initials keep their contrast.
  const bright = h >= 40 && h <= 200;
  const light = bright ? 40 : 52;
  const dark = bright ? 27 : 36;
  const initials = initialsOf(name);
  const font: FontSpec = { family: SANS, weight: 600 };
  const size = initials.length > 1 ? 100 : 116;
  // Inter's cap height is about 0.727em: centre the capitals optically.
  const baseline = H / 2 + size * 0.727 * 0.5;
  const content = initials
    ? `<text x="${W / 2}" y="${fmt(baseline)}" ${textAttrs(font)} font-size="${size}" fill="#ffffff" text-anchor="middle" letter-spacing="${initials.length > 1 ? -2 : 0}">${escapeXml(initials)}</text>`
    : `<circle cx="128" cy="100" r="36" fill="#ffffff" fill-opacity="0.9"/><path d="M 62 204 C 62 162 94 146 128 146 C 162 146 194 162 194 204 Z" fill="#ffffff" fill-opacity="0.9"/>`;
  return svgDoc(
    W,
    H,
    `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${hsl(h, 60, light)}"/><stop offset="1" stop-color="${hsl(h + 10, 55, dark)}"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="${W / 2}" cy="${H / 2}" r="${W * 0.43}" fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="2"/>
    ${content}`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Screenshot ("film still")
// ---------------------------------------------------------------------------------------------------------

interface StillLight {
  sky: readonly [string, string, string]; // top, middle, horizon
  sun: string;
  sunOpacity: number;
  haze: readonly [string, string, string]; // far to near ranges
  land: string;
  night?: boolean;
}

/** Hand-picked skies: dusk, golden hour, blue hour, dawn, teal twilight, overcast, red sunset, night. */
const STILL_LIGHTS: readonly StillLight[] = [
  {
    sky: ["#1d2440", "#8a4a5c", "#f0a868"],
    sun: "#ffe3b3",
    sunOpacity: 0.95,
    haze: ["#6b4a5e", "#4a3448", "#2c2233"],
    land: "#141019",
  },
  {
    sky: ["#2b2a3d", "#a86b3c", "#f5cf7a"],
    sun: "#fff1c9",
    sunOpacity: 0.95,
    haze: ["#8a6a4e", "#5a4636", "#33291f"],
    land: "#15110d",
  },
  {
    sky: ["#0e1a33", "#2d4a7a", "#8aa6c8"],
    sun: "#e8eef7",
    sunOpacity: 0.9,
    haze: ["#4a5f80", "#32425e", "#1f2a3f"],
    land: "#0c111c",
  },
  {
    sky: ["#2a3150", "#b36b8a", "#f6c1a6"],
    sun: "#fff0e0",
    sunOpacity: 0.95,
    haze: ["#8a6a88", "#5c4a66", "#372d42"],
    land: "#17131d",
  },
  {
    sky: ["#0c1f26", "#1f5560", "#9cc5b8"],
    sun: "#effaf3",
    sunOpacity: 0.9,
    haze: ["#3f6a6a", "#2a4a4c", "#183033"],
    land: "#0a1416",
  },
  {
    sky: ["#2c2f33", "#5e6469", "#a3a8ab"],
    sun: "#f4f4f0",
    sunOpacity: 0.45,
    haze: ["#5c6266", "#43484c", "#2c3033"],
    land: "#15181a",
  },
  {
    sky: ["#1a1420", "#7a2e2e", "#e0694a"],
    sun: "#ffd2a1",
    sunOpacity: 0.95,
    haze: ["#6a3a3e", "#472830", "#2a1a20"],
    land: "#120c10",
  },
  {
    sky: ["#050a16", "#0f1d33", "#2a3d5c"],
    sun: "#f1efe6",
    sunOpacity: 0.95,
    haze: ["#24324a", "#18233a", "#0f1626"],
    land: "#070a12",
    night: true,
  },
];

function screenshotSvg({ caption, seed }: ScreenshotInput): string {
  const { width: W, height: H } = SCREENSHOT_SIZE;
  const rng = makeRng(`still:${seed}`);
  const bar = Math.round((H - W / 2.39) / 2); // 2.39:1 picture inside a 16:9 frame
  const top = bar;
  const bottom = H - bar;
  const light = rng.pick(STILL_LIGHTS);
  const horizon = rng.range(top + 190, top + 230);
  const sunX = rng.range(150, 650);
  const sunY = horizon - rng.range(20, 90);
  const sunR = light.night ? rng.range(16, 24) : rng.range(28, 48);
  const sunColor = light.sun;
  const land = light.land;

  let scene = `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(sunR * 4)}" fill="url(#glow)"/>`;
  scene += `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(sunR)}" fill="${sunColor}" fill-opacity="${fmt(light.sunOpacity)}"/>`;
  if (light.night) {
    for (let i = 0; i < 40; i++) {
      scene += `<circle cx="${fmt(rng.range(0, W))}" cy="${fmt(rng.range(top, horizon - 40))}" r="${fmt(rng.range(0.6, 1.5))}" fill="#ffffff" fill-opacity="${fmt(rng.range(0.3, 0.8))}"/>`;
    }
  }
  // Hazy distant ranges, darker toward the viewer.
  light.haze.forEach((color, i) => {
    scene += `<path d="${stillRidge(rng, W, horizon - 26 + i * 16, 26 - i * 6, rng.int(3, 6), H)}" fill="${color}" fill-opacity="${fmt(0.6 + i * 0.15)}"/>`;
  });
  scene += `<rect x="0" y="${fmt(horizon + 20)}" width="${W}" height="${fmt(H - horizon)}" fill="${land}"/>`;
  scene += `<path d="${stillRidge(rng, W, horizon + 22, 6, 4, H)}" fill="${land}"/>`;
  scene += silhouettes(rng, W, horizon + 22, land);

  const captionFont: FontSpec = { family: SANS, weight: 500 };
  // Two balanced lines at most, shrinking a little (then ellipsizing) for long captions.
  const fitted = caption.trim()
    ? fitText(caption, captionFont, {
        maxWidth: W - 160,
        maxHeight: 80,
        maxLines: 2,
        maxSize: 22,
        minSize: 18,
        lineHeight: 1.3,
      })
    : { lines: [], size: 22 };
  const lines = fitted.lines;
  const capSize = fitted.size;
  const lastBaseline = bottom - 22;
  const firstBaseline = lastBaseline - (lines.length - 1) * capSize * 1.3;
  const shadow = textBlock(lines, captionFont, capSize, {
    x: W / 2,
    firstBaseline,
    lineHeight: 1.3,
    fill: "#000000",
    extra: ` stroke="#000000" stroke-width="4" stroke-linejoin="round" stroke-opacity="0.85" fill-opacity="0.85"`,
  });
  const text = textBlock(lines, captionFont, capSize, { x: W / 2, firstBaseline, lineHeight: 1.3, fill: "#fbf3d5" });

  return svgDoc(
    W,
    H,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${light.sky[0]}"/><stop offset="0.6" stop-color="${light.sky[1]}"/><stop offset="1" stop-color="${light.sky[2]}"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="${sunColor}" stop-opacity="0.45"/><stop offset="1" stop-color="${sunColor}" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/>
      </radialGradient>
      <clipPath id="picture"><rect x="0" y="${top}" width="${W}" height="${bottom - top}"/></clipPath>
    </defs>
    <rect width="${W}" height="${H}" fill="#000"/>
    <g clip-path="url(#picture)">
      <rect x="0" y="${top}" width="${W}" height="${fmt(horizon - top + 40)}" fill="url(#sky)"/>
      ${scene}
      <rect x="0" y="${top}" width="${W}" height="${bottom - top}" fill="url(#vignette)"/>
    </g>
    ${shadow}${text}`,
  );
}

function stillRidge(rng: Rng, W: number, base: number, amp: number, peaks: number, H: number): string {
  const n = peaks * 2;
  let d = `M -10 ${fmt(base)}`;
  let prevX = -10;
  let prevY = base;
  for (let i = 1; i <= n; i++) {
    const x = (W * i) / n;
    const y = base - (i % 2 === 1 ? amp * rng.range(0.5, 1.3) : amp * rng.range(-0.2, 0.3));
    d += ` Q ${fmt(prevX)} ${fmt(prevY)} ${fmt((prevX + x) / 2)} ${fmt((prevY + y) / 2)}`;
    prevX = x;
    prevY = y;
  }
  d += ` L ${W + 10} ${fmt(prevY)} L ${W + 10} ${H} L -10 ${H} Z`;
  return d;
}

/** Foreground silhouettes standing on the ground line. */
function silhouettes(rng: Rng, W: number, ground: number, color: string): string {
  const kind = rng.pick(["figure", "pair", "poles", "trees", "house"] as const);
  const figure = (x: number, scale: number) => {
    const s = scale;
    return `<g transform="translate(${fmt(x)} ${fmt(ground)}) scale(${fmt(s)})" fill="${color}">${FIGURE_PATH}</g>`;
  };
  switch (kind) {
    case "figure":
      return figure(rng.range(120, 680), rng.range(1.1, 1.6));
    case "pair": {
      const x = rng.range(150, 600);
      const s = rng.range(1.0, 1.4);
      return figure(x, s) + figure(x + 26 * s, s * 0.78);
    }
    case "poles": {
      let out = "";
      const count = 5;
      const start = rng.range(-60, 40);
      const gap = rng.range(150, 190);
      const tops: Array<[number, number]> = [];
      for (let i = 0; i < count; i++) {
        const x = start + i * gap;
        const h = 120 - i * 6;
        out += `<rect x="${fmt(x - 2)}" y="${fmt(ground - h)}" width="4" height="${h}" fill="${color}"/>`;
        out += `<rect x="${fmt(x - 16)}" y="${fmt(ground - h + 8)}" width="32" height="3" fill="${color}"/>`;
        tops.push([x, ground - h + 10]);
      }
      for (let i = 1; i < tops.length; i++) {
        const a = tops[i - 1] ?? [0, 0];
        const b = tops[i] ?? [0, 0];
        for (const dx of [-14, 14]) {
          out += `<path d="M ${fmt(a[0] + dx)} ${fmt(a[1])} Q ${fmt((a[0] + b[0]) / 2 + dx)} ${fmt((a[1] + b[1]) / 2 + 22)} ${fmt(b[0] + dx)} ${fmt(b[1])}" fill="none" stroke="${color}" stroke-width="1.2"/>`;
        }
      }
      return out;
    }
    case "trees": {
      let out = "";
      const count = rng.int(4, 8);
      for (let i = 0; i < count; i++) {
        const x = rng.range(0, W);
        const h = rng.range(50, 120);
        const w = h * rng.range(0.28, 0.4);
        out += `<path d="M ${fmt(x)} ${fmt(ground - h)} L ${fmt(x + w / 2)} ${fmt(ground)} L ${fmt(x - w / 2)} ${fmt(ground)} Z" fill="${color}"/>`;
      }
      return out;
    }
    case "house": {
      const x = rng.range(140, 600);
      const w = rng.range(70, 100);
      const h = w * 0.55;
      const window = `<rect x="${fmt(x + w * 0.3)}" y="${fmt(ground - h * 0.7)}" width="${fmt(w * 0.14)}" height="${fmt(h * 0.3)}" fill="#f6d27a" fill-opacity="0.95"/>`;
      return (
        `<path d="M ${fmt(x)} ${fmt(ground)} L ${fmt(x)} ${fmt(ground - h)} L ${fmt(x + w / 2)} ${fmt(ground - h - w * 0.32)} L ${fmt(x + w)} ${fmt(ground - h)} L ${fmt(x + w)} ${fmt(ground)} Z" fill="${color}"/>` +
        window +
        figure(x + w + rng.range(60, 140), 0.9)
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Site defaults
// ---------------------------------------------------------------------------------------------------------

function defaultAvatarSvg(): string {
  const { width: W, height: H } = AVATAR_SIZE;
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="#e7e2da"/>
    <circle cx="128" cy="98" r="42" fill="#b3aa9e"/>
    <path d="M 50 222 C 50 174 86 152 128 152 C 170 152 206 174 206 222 Z" fill="#b3aa9e"/>`,
  );
}

function placeholderSvg(kind: "poster" | "cover"): string {
  const { width: W, height: H } = kind === "poster" ? POSTER_SIZE : COVER_SIZE;
  const bg = "#ece7df";
  const line = "#c7beb1";
  const label = kind === "poster" ? "No poster" : "No cover";
  const cx = W / 2;
  const cy = 262;
  let icon: string;
  if (kind === "poster") {
    // A film frame with sprocket holes.
    let holes = "";
    for (let i = 0; i < 5; i++) {
      const y = cy - 52 + i * 24;
      holes += `<rect x="${cx - 50}" y="${y}" width="10" height="12" rx="2" fill="${bg}"/>`;
      holes += `<rect x="${cx + 40}" y="${y}" width="10" height="12" rx="2" fill="${bg}"/>`;
    }
    icon =
      `<rect x="${cx - 60}" y="${cy - 66}" width="120" height="132" rx="10" fill="${line}"/>` +
      holes +
      `<rect x="${cx - 30}" y="${cy - 46}" width="60" height="92" rx="3" fill="${bg}"/>`;
  } else {
    // A closed book with a bookmark.
    icon =
      `<rect x="${cx - 46}" y="${cy - 62}" width="92" height="124" rx="6" fill="${line}"/>` +
      `<rect x="${cx - 46}" y="${cy - 62}" width="12" height="124" rx="4" fill="#b8ae9f"/>` +
      `<rect x="${cx - 22}" y="${cy - 36}" width="52" height="4" rx="2" fill="${bg}"/>` +
      `<rect x="${cx - 22}" y="${cy - 26}" width="36" height="4" rx="2" fill="${bg}"/>` +
      `<path d="M ${cx + 18} ${cy - 62} L ${cx + 32} ${cy - 62} L ${cx + 32} ${cy - 22} L ${cx + 25} ${cy - 29} L ${cx + 18} ${cy - 22} Z" fill="#a99e8e"/>`;
  }
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${bg}"/>
    <rect x="16" y="16" width="${W - 32}" height="${H - 32}" fill="none" stroke="${line}" stroke-width="2" stroke-dasharray="8 8"/>
    ${icon}
    <text x="${cx}" y="${cy + 118}" ${textAttrs({ family: SANS, weight: 500 })} font-size="22" fill="#8d8477" text-anchor="middle" letter-spacing="0.5">${label}</text>`,
  );
}

function faviconSvg(): string {
  return svgDoc(64, 64, `<rect width="64" height="64" rx="14" fill="${BRAND.cream}"/>${faviconArt()}`);
}

/** The favicon's art on a 64-unit grid, without its background: a film strip and a bookmark ribbon over it. */
function faviconArt(): string {
  const { rust, cream } = BRAND;
  // Film strip across the middle, a bookmark ribbon hanging over it from the top edge.
  let holes = "";
  for (let i = 0; i < 5; i++) {
    const x = 8 + i * 10.5;
    holes += `<rect x="${fmt(x)}" y="21.5" width="5" height="4" rx="1" fill="${cream}"/>`;
    holes += `<rect x="${fmt(x)}" y="38.5" width="5" height="4" rx="1" fill="${cream}"/>`;
  }
  return `<rect x="4" y="18" width="56" height="28" rx="3" fill="${rust}"/>
    ${holes}
    <rect x="10" y="28" width="44" height="8" rx="1" fill="#d98a64"/>
    <path d="M 38 0 L 52 0 L 52 54 L 45 47 L 38 54 Z" fill="#7a3519"/>
    <path d="M 38 0 L 52 0 L 52 54 L 45 47 L 38 54 Z" fill="none" stroke="${cream}" stroke-width="2"/>`;
}

// ---------------------------------------------------------------------------------------------------------
// SVG -> PNG
// ---------------------------------------------------------------------------------------------------------

function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function rasterize(svg: string): Uint8Array {
  return cachedDrawing(svg, (drawn) => {
    const image = new Resvg(drawn, RESVG_OPTIONS).render();
    return encodePng(image.width, image.height, image.pixels);
  });
}

/**
 * Encode premultiplied RGBA pixels (what resvg produces) as a straight-alpha PNG with pngjs, adaptive
 * filtering and maximum deflate: about a third of the size of resvg's own PNG output.
 */
export function encodePng(width: number, height: number, premultiplied: Uint8Array): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height * 4; i += 4) {
    const alpha = premultiplied[i + 3] ?? 0;
    for (let channel = 0; channel < 3; channel++) {
      const value = premultiplied[i + channel] ?? 0;
      png.data[i + channel] = alpha === 0 ? 0 : Math.min(255, Math.round((value * 255) / alpha));
    }
    png.data[i + 3] = alpha;
  }
  return new Uint8Array(PNG.sync.write(png, { deflateLevel: 9, filterType: -1 }));
}
