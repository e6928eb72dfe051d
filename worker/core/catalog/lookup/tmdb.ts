import { z } from "zod";
import { getJson, type ProviderConfig, yearOf } from "./providers.ts";
import type { LookupSource, MovieSuggestion } from "./types.ts";

/** How many of TMDB's matches are looked up in detail (director, IMDb id); later ones are rarely shown. */
const DETAILED = 5;
/** The poster width for suggestion thumbnails (one of TMDB's configured poster sizes). */
const THUMBNAIL_SIZE = "w185";

// GET /search/movie: {page, results: [{id, title, release_date, poster_path, …}], total_pages, total_results}
const searchAnswer = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      release_date: z.string().nullish(),
      poster_path: z.string().nullish(),
    }),
  ),
});

// GET /movie/{id}?append_to_response=credits,external_ids: the movie, its credits and its ids on other sites.
const named = z.object({ name: z.string() });
const detailsAnswer = z.object({
  imdb_id: z.string().nullish(),
  poster_path: z.string().nullish(),
  genres: z.array(named).catch([]),
  credits: z
    .object({ cast: z.array(named).catch([]), crew: z.array(named.extend({ job: z.string() })).catch([]) })
    .catch({ cast: [], crew: [] }),
  external_ids: z.object({ wikidata_id: z.string().nullish() }).catch({}),
});

/**
 * A call to TMDB's API. A v4 "API Read Access Token" (a JWT, with dots) goes in the Authorization header, a v3
 * API key in the `api_key` parameter: TMDB documents both.
 */
async function tmdbGet(config: ProviderConfig, path: string, params: Record<string, string>, signal: AbortSignal) {
  const key = config.tmdbKey ?? "";
  const url = new URL(`${config.tmdbApi}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (key.includes(".")) return getJson(url, config, signal, { Authorization: `Bearer ${key}` });
  url.searchParams.set("api_key", key);
  return getJson(url, config, signal);
}

/** A movie's details, for its poster when a member picks it (worker/core/catalog/lookup/artwork.ts). */
export async function tmdbDetails(config: ProviderConfig, tmdbId: string, signal: AbortSignal) {
  return detailsAnswer.parse(
    await tmdbGet(config, `/movie/${tmdbId}`, { append_to_response: "credits,external_ids" }, signal),
  );
}

export const tmdbImageUrl = (config: ProviderConfig, size: string, path: string) =>
  `${config.tmdbImages}/${size}${path}`;

/** TMDB (movies, only with `TMDB_API_KEY`): a search, then details for the first few matches, in parallel. */
export function tmdbSource(config: ProviderConfig): LookupSource {
  return {
    name: "tmdb",
    handles: (type) => type === "movie" && config.tmdbKey !== null,
    async search(query, signal) {
      const params: Record<string, string> = { query: query.q, include_adult: "false", language: "en-US", page: "1" };
      if (query.year) params.primary_release_year = String(query.year);
      const { results } = searchAnswer.parse(await tmdbGet(config, "/search/movie", params, signal));
      return Promise.all(
        results.map(async (movie, index): Promise<MovieSuggestion> => {
          // A movie whose details fail is still suggested, without its director.
          const details =
            index < DETAILED ? await tmdbDetails(config, String(movie.id), signal).catch(() => null) : null;
          return {
            source: "tmdb",
            title: movie.title,
            year: yearOf(movie.release_date),
            director: details?.credits.crew.find((member) => member.job === "Director")?.name ?? "",
            posterUrl: movie.poster_path ? tmdbImageUrl(config, THUMBNAIL_SIZE, movie.poster_path) : "",
            externalIds: {
              tmdb: String(movie.id),
              imdb: details?.imdb_id || undefined,
              wikidata: details?.external_ids.wikidata_id || undefined,
            },
            genres: details?.genres.map((genre) => genre.name) ?? [],
            actors: details?.credits.cast.slice(0, 5).map((actor) => actor.name) ?? [],
          };
        }),
      );
    },
  };
}
