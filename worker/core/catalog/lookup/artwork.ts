import type { RequestServices } from "../../../context.ts";
import { type ImageUpload, imageFromBytes } from "../../images/index.ts";
import { MAX_IMAGE_BYTES } from "../../rules/index.ts";
import { coverUrl, openLibraryWorkCover } from "./open-library.ts";
import { type ProviderConfig, providerConfig } from "./providers.ts";
import { tmdbDetails, tmdbImageUrl } from "./tmdb.ts";
import type { BookIdsShown, MovieIdsShown } from "./types.ts";

/** A whole artwork fetch (the provider's record, then the image) stops after this: a post waits for it. */
export const ARTWORK_TIMEOUT_MS = 3000;

/** The ids as a suggestion shows them or as a post gives them (null for unknown). */
type IdsOf<Ids> = { [Key in keyof Ids]?: string | null };

export type ArtworkRequest =
  | { type: "movie"; externalIds: IdsOf<MovieIdsShown> }
  | { type: "book"; externalIds: IdsOf<BookIdsShown> };

const TMDB_ID = /^\d{1,10}$/;
const TMDB_IMAGE_PATH = /^\/[\w-]+\.(jpg|jpeg|png|gif)$/i;
const OPEN_LIBRARY_WORK = /^OL\d+W$/;
const ISBN_13 = /^97[89]\d{10}$/;

/**
 * The image's address, built here from the work's ids and the configured provider hosts only: never a URL from
 * the request, so a post cannot make the Worker fetch anything else (decision 020).
 */
async function artworkUrl(config: ProviderConfig, work: ArtworkRequest, signal: AbortSignal): Promise<string | null> {
  if (work.type === "movie") {
    const id = work.externalIds.tmdb;
    if (!config.tmdbKey || !id || !TMDB_ID.test(id)) return null;
    const { poster_path: path } = await tmdbDetails(config, id, signal);
    return path && TMDB_IMAGE_PATH.test(path) ? tmdbImageUrl(config, "w500", path) : null;
  }
  const { openLibrary, isbn13 } = work.externalIds;
  if (openLibrary && OPEN_LIBRARY_WORK.test(openLibrary)) {
    const coverId = await openLibraryWorkCover(config, openLibrary, signal);
    if (coverId) return coverUrl(config, coverId, "L");
  }
  // The Covers API answers 404 rather than a blank placeholder with default=false.
  return isbn13 && ISBN_13.test(isbn13) ? `${config.openLibraryCovers}/b/isbn/${isbn13}-L.jpg?default=false` : null;
}

/** Reads a body up to the upload limit; null as soon as it is larger. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      await body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * A chosen work's poster (TMDB, with a key) or cover (Open Library), fetched by the server and judged by an
 * upload's rules (PNG, JPEG or GIF by its bytes, at most 5 MB), ready for `storeImage`. Null when the work has no
 * such artwork, or on any failure or after ARTWORK_TIMEOUT_MS: a post never fails for want of a picture.
 */
export async function fetchArtwork(
  { env, origin }: Pick<RequestServices, "env" | "origin">,
  work: ArtworkRequest,
): Promise<ImageUpload | null> {
  const config = providerConfig(env, origin);
  const signal = AbortSignal.timeout(ARTWORK_TIMEOUT_MS);
  try {
    const url = await artworkUrl(config, work, signal);
    if (!url) return null;
    const response = await fetch(url, { headers: { "User-Agent": config.userAgent, Accept: "image/*" }, signal });
    if (!response.ok || !response.body) return null;
    if (Number(response.headers.get("Content-Length") ?? 0) > MAX_IMAGE_BYTES) return null;
    const bytes = await readAtMost(response.body, MAX_IMAGE_BYTES);
    return bytes ? imageFromBytes(bytes) : null;
  } catch (error) {
    console.warn(`Artwork for a ${work.type} was not fetched (${error instanceof Error ? error.message : error})`);
    return null;
  }
}
