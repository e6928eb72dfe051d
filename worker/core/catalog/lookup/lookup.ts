import type { RequestServices } from "../../../context.ts";
import { badRequest } from "../../errors.ts";
import {
  CONNECTION_LIMITS,
  characterCount,
  LOOKUP_MESSAGES,
  LOOKUP_MIN_CHARS,
  LOOKUP_TYPES,
  type LookupType,
} from "../../rules/index.ts";
import { readSearchTerm } from "../search-index.ts";
import { type LookupCache, workersLookupCache } from "./cache.ts";
import { localSource } from "./local.ts";
import { mergeCandidates } from "./merge.ts";
import { openLibrarySource } from "./open-library.ts";
import { providerConfig } from "./providers.ts";
import { tmdbSource } from "./tmdb.ts";
import type { LookupQuery, LookupSource, Suggestion } from "./types.ts";
import { wikidataSource } from "./wikidata.ts";

/**
 * How long the providers together may take (decision 020): each call stops at this deadline, and the lookup
 * answers with what it has, so a hung provider costs a suggestion list this much at most.
 */
export const PROVIDER_TIMEOUT_MS = 1500;

/** API.md's lookup parameters, checked: a known type, at least two characters, a year in the catalog's range. */
export function readLookupQuery(params: Record<string, string | undefined>): LookupQuery {
  const type = params.type ?? "";
  if (!LOOKUP_TYPES.includes(type as LookupType)) throw badRequest(LOOKUP_MESSAGES.badType, "type");
  const q = readSearchTerm(params.q ?? "");
  const length = characterCount(q);
  if (length < LOOKUP_MIN_CHARS) throw badRequest(LOOKUP_MESSAGES.tooShort, "q");
  if (length > CONNECTION_LIMITS.title) throw badRequest(LOOKUP_MESSAGES.tooLong, "q");
  const yearText = (params.year ?? "").trim();
  const year = yearText ? Number(yearText) : null;
  const { yearMin, yearMax } = CONNECTION_LIMITS;
  if (year !== null && !(/^\d{4}$/.test(yearText) && year >= yearMin && year <= yearMax)) {
    throw badRequest(LOOKUP_MESSAGES.badYear, "year");
  }
  return { type: type as LookupType, q, year };
}

/** One provider's candidates: from the cache, else asked (and kept); nothing when it fails or runs out of time. */
async function providerCandidates(
  source: LookupSource,
  query: LookupQuery,
  signal: AbortSignal,
  cache: LookupCache | null,
  waitUntil: RequestServices["waitUntil"],
): Promise<Suggestion[]> {
  try {
    const cached = await cache?.read(source.name, query).catch(() => null);
    if (cached) return cached;
    const found = await source.search(query, signal);
    if (cache) waitUntil(cache.write(source.name, query, found).catch(() => undefined));
    return found;
  } catch (error) {
    console.warn(`Lookup: ${source.name} gave no suggestions (${error instanceof Error ? error.message : error})`);
    return [];
  }
}

/**
 * API.md `GET /catalog/lookup`: the catalog's own works first, then TMDB (with a key), Open Library and Wikidata,
 * asked at once under one deadline, duplicates collapsed. A provider that fails or is too slow only means fewer
 * suggestions, never an error.
 */
export async function lookupWorks(
  { db, env, origin, waitUntil }: RequestServices,
  params: Record<string, string | undefined>,
): Promise<Suggestion[]> {
  const query = readLookupQuery(params);
  const config = providerConfig(env, origin);
  const providers = [tmdbSource(config), openLibrarySource(config), wikidataSource(config)].filter((source) =>
    source.handles(query.type),
  );
  const deadline = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  const cache = workersLookupCache(origin);
  const [local, ...remote] = await Promise.all([
    localSource(db, origin).search(query, deadline),
    ...providers.map((source) => providerCandidates(source, query, deadline, cache, waitUntil)),
  ]);
  return mergeCandidates(local ?? [], remote, query);
}
