import type { LookupQuery, LookupSourceName, Suggestion } from "./types.ts";

/** Providers' answers change slowly: a day for found works; an hour for nothing found, which a new work may change. */
const FOUND_SECONDS = 24 * 60 * 60;
const EMPTY_SECONDS = 60 * 60;

/** Where providers' answers are kept between lookups (the Workers Cache API in the Worker). */
export interface LookupCache {
  read(source: LookupSourceName, query: LookupQuery): Promise<Suggestion[] | null>;
  write(source: LookupSourceName, query: LookupQuery, candidates: Suggestion[]): Promise<void>;
}

/**
 * The key names the provider, the type, the query as providers read it (Unicode-normalised, lower case, spaces
 * collapsed) and the year, under the site's own origin (the cache belongs to its zone). Nothing serves that path:
 * the Cache API only needs a URL.
 */
function cacheKey(origin: string, source: LookupSourceName, query: LookupQuery): string {
  const q = query.q.normalize("NFKC").toLowerCase().replace(/\s+/g, " ");
  const params = new URLSearchParams({ q, year: query.year === null ? "" : String(query.year) });
  return `${origin}/__lookup-cache/${source}/${query.type}?${params}`;
}

/**
 * `caches.default` of the data centre serving the request (decision 020); none where the runtime has no Cache API.
 * On `*.workers.dev` it keeps nothing, and every lookup asks the providers.
 */
export function workersLookupCache(origin: string): LookupCache | null {
  if (typeof caches === "undefined") return null;
  // The DOM library's CacheStorage type (also loaded) lacks the Workers runtime's `default`.
  const cache = (caches as CacheStorage & { default: Cache }).default;
  return {
    async read(source, query) {
      const hit = await cache.match(cacheKey(origin, source, query));
      return hit ? ((await hit.json()) as Suggestion[]) : null;
    },
    async write(source, query, candidates) {
      const seconds = candidates.length ? FOUND_SECONDS : EMPTY_SECONDS;
      const response = new Response(JSON.stringify(candidates), {
        headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${seconds}` },
      });
      await cache.put(cacheKey(origin, source, query), response);
    },
  };
}
