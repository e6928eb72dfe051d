import { eq } from "drizzle-orm";
import type { RequestServices } from "../../context.ts";
import { connections } from "../../db/schema.ts";
import { isId } from "../ids.ts";
import { sniffImageType } from "../images/index.ts";
import { connectionTitle, SPOILER_TEXT } from "../rules/index.ts";
import { type ConnectionView, selectConnections, toConnectionView } from "./reads.ts";

/**
 * A connection's 1200×630 share image (decision 025): rendered once when the connection is posted or what it
 * draws changes, kept in R2 under one key per connection, served at a URL carrying a version of what it draws,
 * so caches may keep each URL forever. Only connections a visitor may see have one to show.
 */

/** R2 keys of share images; the images router serves them only through `shareImage`, never as plain images. */
export const SHARE_KEY_PREFIX = "share/";
const shareKey = (id: string) => `${SHARE_KEY_PREFIX}${id}.png`;

/** Artwork bigger than this is drawn as the placeholder: decoding it would cost more CPU than the card is worth. */
const MAX_ARTWORK_BYTES = 2 * 1024 * 1024;

/** Words of a text-only post's context the card shows (a teaser, as the page's description is). */
export const SHARE_CONTEXT_WORDS = 40;

/**
 * A short hash of everything the card draws (the stored keys of the poster, cover and screenshot, the titles, a
 * text-only post's first words), so an edit that changes the card changes its URL. FNV-1a: it only tells one connection's versions apart.
 */
export function shareImageVersion(view: ConnectionView): string {
  const drawn = JSON.stringify([
    pathOf(view.moviePosterUrl),
    pathOf(view.bookCoverUrl),
    pathOf(view.screenshotUrl),
    view.movieRef?.title ?? null,
    view.bookRef?.title ?? null,
    view.movieRef && view.bookRef
      ? ""
      : drawnContext(view)
          .split(/\s+/, SHARE_CONTEXT_WORDS + 1)
          .join(" "),
  ]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < drawn.length; index++) {
    hash = Math.imul(hash ^ drawn.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The words a text-only card quotes: its context, or for a spoiler only that it is hidden (decision 032). */
function drawnContext(view: ConnectionView): string {
  return view.contextSpoiler ? SPOILER_TEXT.hidden : view.context;
}

/** The share image's path (under the site's origin), as the connection page's og:image. */
export function shareImagePath(view: ConnectionView): string {
  return `/images/share/${view._id}-${shareImageVersion(view)}.png`;
}

/** Images are stored under their own host's `/images/<key>`; the key is what identifies the artwork. */
function pathOf(url: string): string {
  return url ? new URL(url).pathname : "";
}

/**
 * The PNG for `/images/share/<file>`: null when the connection does not exist or a visitor may not see it (the
 * privacy rule with no viewer), `{ redirect }` when the file names an older version, else the stored image,
 * rendered and stored first when it is missing or stale (rows older than share images, a failed render). Its ETag
 * names the version, so a client that holds it (`ifNoneMatch`) is told so without a read of R2, but only after the
 * privacy check.
 */
export async function shareImage(
  services: RequestServices,
  file: string,
  ifNoneMatch: string | null = null,
): Promise<
  | { redirect: string }
  | { etag: string; notModified: true }
  | { etag: string; png: ReadableStream | Uint8Array<ArrayBuffer> }
  | null
> {
  const [, id = "", version] = /^(.+)-([0-9a-f]{8})\.png$/.exec(file) ?? [];
  if (!isId(id)) return null;
  const view = await visibleToVisitors(services, id);
  if (!view) return null;
  if (version !== shareImageVersion(view)) return { redirect: shareImagePath(view) };
  const etag = `"${id}-${version}"`;
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return { etag, notModified: true };
  }
  const stored = await services.env.IMAGES.get(shareKey(id));
  if (stored && stored.customMetadata?.version === version) return { etag, png: stored.body };
  if (stored) await stored.body.cancel();
  return { etag, png: await storeShareImage(services, view) };
}

/** The connection as a visitor (no viewer) may see it, or null: private and suspended owners' posts are hidden. */
async function visibleToVisitors(services: RequestServices, id: string): Promise<ConnectionView | null> {
  const [row] = await selectConnections({ db: services.db, viewer: null }, eq(connections.id, id));
  return row ? toConnectionView(services.origin, row) : null;
}

/**
 * After a post or an edit has committed: renders the card when the stored one is missing or draws something else,
 * in the background (`waitUntil`), so the member never waits for it. A failure is logged; the first request for
 * the image renders it then.
 */
export function refreshShareImage(services: RequestServices, view: ConnectionView): void {
  services.waitUntil(
    (async () => {
      const stored = await services.env.IMAGES.head(shareKey(view._id));
      if (stored?.customMetadata?.version !== shareImageVersion(view)) await storeShareImage(services, view);
    })().catch((error: unknown) => console.error(`Could not render the share image of ${view._id}`, error)),
  );
}

/** Renders the card and stores it, replacing the older version under the same key; returns the PNG. */
async function storeShareImage(
  services: Pick<RequestServices, "env">,
  view: ConnectionView,
): Promise<Uint8Array<ArrayBuffer>> {
  const [poster, cover, screenshot] = await Promise.all([
    view.movieRef ? artwork(services, view.moviePosterUrl) : null,
    view.bookRef ? artwork(services, view.bookCoverUrl) : null,
    artwork(services, view.screenshotUrl),
  ]);
  // Loaded when a card is drawn: Node code that reaches this domain (the seed, scripts) cannot load WebAssembly
  // as a module import, and other requests never need it.
  const { renderPng, shareCardSvg } = await import("../share-images/index.ts");
  const card = {
    movieTitle: view.movieRef?.title ?? null,
    bookTitle: view.bookRef?.title ?? null,
    context: drawnContext(view),
  };
  let png: Uint8Array<ArrayBuffer>;
  try {
    png = await renderPng(shareCardSvg({ ...card, poster, cover, screenshot }));
  } catch (error) {
    // Artwork that passed the checks but that resvg still could not draw: the placeholders, never no image.
    if (!poster && !cover && !screenshot) throw error;
    console.error(`Share image of ${view._id} (${connectionTitle(view)}) drawn without its artwork`, error);
    png = await renderPng(shareCardSvg({ ...card, poster: null, cover: null }));
  }
  await services.env.IMAGES.put(shareKey(view._id), png, {
    httpMetadata: { contentType: "image/png" },
    customMetadata: { version: shareImageVersion(view) },
  });
  return png;
}

/** A stored poster, cover or screenshot as a data URI, or null (the placeholder) when it is missing, too big or not an image. */
async function artwork(services: Pick<RequestServices, "env">, url: string): Promise<string | null> {
  const key = url ? pathOf(url).replace(/^\/images\//, "") : "";
  if (!key || key.startsWith(SHARE_KEY_PREFIX)) return null;
  const object = await services.env.IMAGES.get(key);
  if (!object) return null;
  if (object.size > MAX_ARTWORK_BYTES) {
    await object.body.cancel();
    return null;
  }
  const bytes = new Uint8Array(await object.arrayBuffer());
  const type = sniffImageType(bytes);
  return type ? `data:${type};base64,${base64(bytes)}` : null;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  // Spreading a whole image into one call would overflow the argument limit.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
