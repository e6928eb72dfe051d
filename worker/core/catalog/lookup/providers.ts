import type { Env } from "../../../env.ts";

/** The providers' real addresses; each can be moved by its variable (tests point them at local fakes). */
export const PROVIDER_URLS = {
  TMDB_API_URL: "https://api.themoviedb.org/3",
  TMDB_IMAGE_URL: "https://image.tmdb.org/t/p",
  OPEN_LIBRARY_URL: "https://openlibrary.org",
  OPEN_LIBRARY_COVERS_URL: "https://covers.openlibrary.org",
  WIKIDATA_URL: "https://www.wikidata.org/w/api.php",
} as const;

/** Everything an adapter needs to call its provider. */
export interface ProviderConfig {
  /** TMDB answers only with a key; without one it is not asked. */
  tmdbKey: string | null;
  tmdbApi: string;
  tmdbImages: string;
  openLibrary: string;
  openLibraryCovers: string;
  wikidata: string;
  /** Open Library and Wikimedia ask callers to name themselves and say how to reach them. */
  userAgent: string;
}

const trimmed = (url: string) => url.replace(/\/+$/, "");

export function providerConfig(env: Env, origin: string): ProviderConfig {
  const url = (name: keyof typeof PROVIDER_URLS) => trimmed(env[name] || PROVIDER_URLS[name]);
  return {
    tmdbKey: env.TMDB_API_KEY || null,
    tmdbApi: url("TMDB_API_URL"),
    tmdbImages: url("TMDB_IMAGE_URL"),
    openLibrary: url("OPEN_LIBRARY_URL"),
    openLibraryCovers: url("OPEN_LIBRARY_COVERS_URL"),
    wikidata: url("WIKIDATA_URL"),
    userAgent: `MovieBooks/1.0 (+${origin})`,
  };
}

/**
 * Where suggestion thumbnails load from, for the pages' Content-Security-Policy: TMDB's and Open Library's image
 * hosts as configured, and archive.org, where Open Library's cover URLs redirect.
 */
export function lookupImageSources(env: Env): string[] {
  // A mistyped address leaves its host out of the policy instead of failing every page.
  const origin = (name: keyof typeof PROVIDER_URLS) => URL.parse(env[name] || PROVIDER_URLS[name])?.origin ?? [];
  return [
    origin("TMDB_IMAGE_URL"),
    origin("OPEN_LIBRARY_COVERS_URL"),
    "https://archive.org",
    "https://*.archive.org",
  ].flat();
}

/** The largest provider answer read; search answers are a few kilobytes, so more means something is wrong. */
const MAX_ANSWER_BYTES = 1_000_000;

/** GETs a provider's JSON answer; throws on anything but a 200 with JSON, so the caller can move on without it. */
export async function getJson(
  url: URL,
  config: Pick<ProviderConfig, "userAgent">,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: "application/json", "User-Agent": config.userAgent, ...headers },
    signal,
  });
  if (!response.ok) throw new Error(`${url.host} answered ${response.status}`);
  if (Number(response.headers.get("Content-Length") ?? 0) > MAX_ANSWER_BYTES) {
    throw new Error(`${url.host} answered too much`);
  }
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error(`${url.host} answered too much`);
  return JSON.parse(text);
}

/** A year from a provider's date ("1994-12-21", "+1994-12-21T00:00:00Z"), or null. */
export function yearOf(date: string | null | undefined): number | null {
  const match = /^\+?(\d{4})/.exec(date ?? "");
  return match ? Number(match[1]) : null;
}
