import { SHARE_IMAGE_SIZE } from "../rules/index.ts";
import { escapeXml } from "../xml.ts";

/**
 * The SVG of a connection's 1200×630 share image (issue 15): the movie poster and the book cover side by side
 * with both titles, in the site's colours. It holds only what the public connection page shows above the fold —
 * titles and artwork, or for a text-only post the first words of its context — never spoiler text.
 */

const SHARE_WIDTH = SHARE_IMAGE_SIZE.width;
const SHARE_HEIGHT = SHARE_IMAGE_SIZE.height;

const COLOURS = { rust: "#b4532a", cream: "#fbf6ee", ink: "#2b1d14", muted: "#8a6a55", frame: "#e8d9c6" } as const;
const SERIF = "Playfair Display";

/** Artwork as a `data:` URI, or null for the placeholder (no image, or one that could not be read). */
export interface ShareCardInput {
  /** Null when the post has no movie (or no book): a text-only post. */
  movieTitle: string | null;
  bookTitle: string | null;
  poster: string | null;
  cover: string | null;
  /** The post's screenshot, faintly behind the titles. */
  screenshot?: string | null;
  /** A text-only post's context, of which only the first words are shown. */
  context?: string | null;
}

/**
 * Words into at most `maxLines` lines of about `maxChars` characters (resvg does not wrap text); what does not fit
 * ends in an ellipsis, and a single word longer than a line is cut.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  let index = 0;
  for (; index < words.length; index++) {
    const word = [...(words[index] ?? "")].length > maxChars ? cut(words[index] ?? "", maxChars) : (words[index] ?? "");
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= maxChars) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) {
    lines.push(current);
    current = "";
  }
  const truncated = index < words.length || current !== "";
  if (truncated && lines.length > 0) {
    lines[lines.length - 1] = withEllipsis(lines[lines.length - 1] ?? "", maxChars);
  }
  return lines;
}

function cut(word: string, maxChars: number): string {
  return `${[...word].slice(0, maxChars - 1).join("")}…`;
}

function withEllipsis(line: string, maxChars: number): string {
  const characters = [...line];
  if (characters[characters.length - 1] === "…") return line;
  return `${characters
    .slice(0, maxChars - 1)
    .join("")
    .trimEnd()}…`;
}

/** The first words of a context, for text-only posts: a teaser, never the whole text. */
export function firstWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(" ")}…` : words.join(" ");
}

export function shareCardSvg(input: ShareCardInput): string {
  return input.movieTitle !== null && input.bookTitle !== null
    ? artworkCard({ ...input, movieTitle: input.movieTitle, bookTitle: input.bookTitle })
    : textCard(input);
}

function artworkCard(input: ShareCardInput & { movieTitle: string; bookTitle: string }): string {
  const artWidth = 300;
  const artHeight = 450;
  const top = 90;
  const movie = titleBlock(input.movieTitle, 680, 190, 18, 2, 40);
  const book = titleBlock(input.bookTitle, 680, 410, 18, 2, 40);
  return frame(
    backdrop(input.screenshot, 700, SHARE_WIDTH - 700) +
      artwork(input.poster, 60, top, artWidth, artHeight, "Movie") +
      artwork(input.cover, 380, top, artWidth, artHeight, "Book") +
      label("MOVIE", 720, 135) +
      movie +
      `<rect x="720" y="300" width="80" height="4" fill="${COLOURS.rust}"/>` +
      label("BOOK", 720, 355) +
      book,
  );
}

function textCard(input: ShareCardInput): string {
  const lines = wrapText(firstWords(input.context ?? "", 40), 46, 5);
  const quote = lines.map((line, index) => tspan(line, 100, 250 + index * 56)).join("");
  const [kind, title] = input.movieTitle !== null ? ["MOVIE", input.movieTitle] : ["BOOK", input.bookTitle];
  return frame(
    backdrop(input.screenshot, 0, SHARE_WIDTH) +
      label(title === null ? "A TEXT-ONLY POST" : kind, 100, 110) +
      (title === null ? "" : titleLine(title, 100, 160, 40)) +
      `<text font-family="${SERIF}" font-style="italic" font-size="40" fill="${COLOURS.ink}">${quote}</text>`,
  );
}

function frame(content: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">` +
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="${COLOURS.cream}"/>` +
    `<rect y="${SHARE_HEIGHT - 14}" width="${SHARE_WIDTH}" height="14" fill="${COLOURS.rust}"/>` +
    content +
    `<text x="${SHARE_WIDTH - 60}" y="${SHARE_HEIGHT - 40}" text-anchor="end" font-family="${SERIF}" font-weight="700" font-size="30" fill="${COLOURS.rust}">MovieBooks</text>` +
    "</svg>"
  );
}

/** A screenshot as a texture behind text: covered by the background colour, so the text stays readable. */
function backdrop(dataUri: string | null | undefined, x: number, width: number): string {
  if (!dataUri) return "";
  return (
    `<image x="${x}" y="0" width="${width}" height="${SHARE_HEIGHT}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(dataUri)}"/>` +
    `<rect x="${x}" y="0" width="${width}" height="${SHARE_HEIGHT}" fill="${COLOURS.cream}" fill-opacity="0.86"/>`
  );
}

function artwork(dataUri: string | null, x: number, y: number, width: number, height: number, kind: string): string {
  const border = `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="${COLOURS.frame}"/>`;
  if (!dataUri) {
    return (
      border +
      `<text x="${x + width / 2}" y="${y + height / 2}" text-anchor="middle" font-family="${SERIF}" font-size="34" fill="${COLOURS.muted}">${kind}</text>`
    );
  }
  return (
    border +
    `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" href="${escapeXml(dataUri)}"/>`
  );
}

function label(text: string, x: number, y: number): string {
  return `<text x="${x}" y="${y}" font-family="${SERIF}" font-size="22" letter-spacing="3" fill="${COLOURS.muted}">${text}</text>`;
}

function titleBlock(title: string, x: number, y: number, maxChars: number, maxLines: number, size: number): string {
  const lines = wrapText(title, maxChars, maxLines);
  const spans = lines.map((line, index) => tspan(line, x + 40, y + index * (size + 12))).join("");
  return `<text font-family="${SERIF}" font-weight="700" font-size="${size}" fill="${COLOURS.ink}">${spans}</text>`;
}

function titleLine(title: string, x: number, y: number, size: number): string {
  const [line = ""] = wrapText(title, 44, 1);
  return `<text x="${x}" y="${y}" font-family="${SERIF}" font-weight="700" font-size="${size}" fill="${COLOURS.ink}">${escapeXml(line)}</text>`;
}

function tspan(line: string, x: number, y: number): string {
  return `<tspan x="${x}" y="${y}">${escapeXml(line)}</tspan>`;
}
