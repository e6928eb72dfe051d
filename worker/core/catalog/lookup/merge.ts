import { LOOKUP_MAX_RESULTS } from "../../rules/index.ts";
import { nameKey, titleKey } from "../identity.ts";
import type { BookSuggestion, LookupQuery, MovieSuggestion, Suggestion } from "./types.ts";

/** What makes two candidates the same work: any shared external id, or the same title and year (author). */
function identityKeys(candidate: Suggestion): string[] {
  const ids = Object.entries(candidate.externalIds)
    .filter(([, value]) => Boolean(value))
    .map(([name, value]) => `${name}:${String(value).toLowerCase()}`);
  const title = titleKey(candidate.title);
  if ("director" in candidate) return candidate.year === null ? ids : [...ids, `title:${title}|${candidate.year}`];
  return candidate.author ? [...ids, `title:${title}|${nameKey(candidate.author)}`] : ids;
}

/** Fills what the kept candidate lacks from a duplicate found later (a local work gains a provider's ids). */
function absorb(kept: Suggestion, other: Suggestion): void {
  kept.year ??= other.year;
  kept.externalIds = { ...other.externalIds, ...definedOnly(kept.externalIds) };
  if (!kept.genres.length) kept.genres = other.genres;
  if ("director" in kept) {
    const movie = other as MovieSuggestion;
    kept.director ||= movie.director;
    kept.posterUrl ||= movie.posterUrl;
    if (!kept.actors.length) kept.actors = movie.actors;
  } else {
    const book = other as BookSuggestion;
    kept.author ||= book.author;
    kept.coverUrl ||= book.coverUrl;
  }
}

const definedOnly = (ids: object) => Object.fromEntries(Object.entries(ids).filter(([, value]) => Boolean(value)));

/** Takes one candidate from each list in turn, so no provider crowds out the others. */
function interleave(lists: Suggestion[][]): Suggestion[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) => lists.flatMap((list) => list.slice(index, index + 1))).flat();
}

/**
 * The lookup's answer: the local catalog's works first, then the providers' (exact title matches first, else
 * taking turns), without works whose known year differs from the one asked for, duplicates collapsed into the
 * first of them, at most ten.
 */
export function mergeCandidates(local: Suggestion[], remote: Suggestion[][], query: LookupQuery): Suggestion[] {
  const wanted = titleKey(query.q);
  const fromProviders = interleave(remote).sort(
    (a, b) => Number(titleKey(b.title) === wanted) - Number(titleKey(a.title) === wanted),
  );
  const kept: Array<{ candidate: Suggestion; keys: Set<string> }> = [];
  for (const candidate of [...local, ...fromProviders]) {
    if (query.year !== null && candidate.year !== null && candidate.year !== query.year) continue;
    const keys = identityKeys(candidate);
    const same = kept.find((entry) => keys.some((key) => entry.keys.has(key)));
    if (same) {
      absorb(same.candidate, candidate);
      for (const key of [...keys, ...identityKeys(same.candidate)]) same.keys.add(key);
    } else {
      kept.push({ candidate: { ...candidate, externalIds: definedOnly(candidate.externalIds) }, keys: new Set(keys) });
    }
  }
  return kept.slice(0, LOOKUP_MAX_RESULTS).map((entry) => entry.candidate);
}
