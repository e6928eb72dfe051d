import { z } from "zod";
import type { LookupType } from "../../rules/index.ts";
import { getJson, type ProviderConfig, yearOf } from "./providers.ts";
import type { BookSuggestion, LookupSource, MovieSuggestion, Suggestion } from "./types.ts";

/** Items asked for: the search also finds people, places and disambiguation pages, which are dropped. */
const SEARCHED = 20;

/** "Instance of" (P31) classes that make an item a movie or a book here. */
const CLASSES: Record<LookupType, ReadonlySet<string>> = {
  // film, television film, short film, animated film, feature film
  movie: new Set(["Q11424", "Q506240", "Q24862", "Q202866", "Q24869"]),
  // literary work, book, written work, novel, short story, novella
  book: new Set(["Q7725634", "Q571", "Q47461344", "Q8261", "Q49084", "Q149537"]),
};

/** The properties read: instance of, publication date, director, author, and other sites' ids. */
const P = {
  instanceOf: "P31",
  published: "P577",
  director: "P57",
  author: "P50",
  imdb: "P345",
  tmdbMovie: "P4947",
  openLibrary: "P648",
  isbn13: "P212",
} as const;

// action=wbsearchentities: {search: [{id: "Q…", label, description, …}], …}
const searchAnswer = z.object({ search: z.array(z.object({ id: z.string() })) });

// action=wbgetentities: {entities: {Q…: {id, labels: {en: {language, value}}, claims: {P…: [{mainsnak}]}}}}
const claim = z.object({
  mainsnak: z.object({ datavalue: z.object({ value: z.unknown() }).optional() }),
});
const entitiesAnswer = z.object({
  entities: z.record(
    z.string(),
    z.object({
      labels: z.record(z.string(), z.object({ value: z.string() })).catch({}),
      claims: z.record(z.string(), z.array(claim).catch([])).catch({}),
    }),
  ),
});
type Entity = z.output<typeof entitiesAnswer>["entities"][string];

/** A claim's values: an item's id, a date's time, or an identifier's text. */
function values(entity: Entity, property: string): string[] {
  return (entity.claims[property] ?? []).flatMap(({ mainsnak }) => {
    const value = mainsnak.datavalue?.value;
    if (typeof value === "string") return [value];
    if (value && typeof value === "object") {
      const { id, time } = value as { id?: unknown; time?: unknown };
      if (typeof id === "string") return [id];
      if (typeof time === "string") return [time];
    }
    return [];
  });
}

const earliestYear = (entity: Entity) => {
  const years = values(entity, P.published)
    .map(yearOf)
    .filter((year): year is number => year !== null);
  return years.length ? Math.min(...years) : null;
};

async function api(config: ProviderConfig, params: Record<string, string>, signal: AbortSignal) {
  const url = new URL(config.wikidata);
  for (const [name, value] of Object.entries({ ...params, format: "json" })) url.searchParams.set(name, value);
  return getJson(url, config, signal);
}

async function entities(config: ProviderConfig, ids: string[], props: string, signal: AbortSignal) {
  if (!ids.length) return {};
  const answer = await api(config, { action: "wbgetentities", ids: ids.join("|"), props, languages: "en" }, signal);
  return entitiesAnswer.parse(answer).entities;
}

/**
 * Wikidata (movies and books, no key), through its documented MediaWiki API only: a search by label, the found
 * items' claims (keeping films or written works), then the English names of their directors or authors.
 */
export function wikidataSource(config: ProviderConfig): LookupSource {
  return {
    name: "wikidata",
    handles: () => true,
    async search(query, signal) {
      const found = searchAnswer.parse(
        await api(
          config,
          {
            action: "wbsearchentities",
            search: query.q,
            language: "en",
            uselang: "en",
            type: "item",
            limit: String(SEARCHED),
          },
          signal,
        ),
      );
      const ids = found.search.map((item) => item.id);
      const items = await entities(config, ids, "labels|claims", signal);
      // In the search's order, which ranks the best matches first.
      const works = ids.flatMap((id): Array<[string, Entity]> => {
        const entity = items[id];
        if (!entity?.labels.en) return [];
        return values(entity, P.instanceOf).some((type) => CLASSES[query.type].has(type)) ? [[id, entity]] : [];
      });
      const person = query.type === "movie" ? P.director : P.author;
      const people = await entities(
        config,
        [...new Set(works.flatMap(([, entity]) => values(entity, person).slice(0, 1)))],
        "labels",
        signal,
      );
      const nameOf = (entity: Entity) => {
        const [id] = values(entity, person);
        return (id && people[id]?.labels.en?.value) || "";
      };
      return works.map(([id, entity]): Suggestion => {
        const common = {
          source: "wikidata" as const,
          title: entity.labels.en?.value ?? "",
          year: earliestYear(entity),
          genres: [],
        };
        if (query.type === "movie") {
          const movie: MovieSuggestion = {
            ...common,
            director: nameOf(entity),
            posterUrl: "",
            externalIds: { tmdb: values(entity, P.tmdbMovie)[0], imdb: values(entity, P.imdb)[0], wikidata: id },
            actors: [],
          };
          return movie;
        }
        const book: BookSuggestion = {
          ...common,
          author: nameOf(entity),
          coverUrl: "",
          externalIds: {
            openLibrary: values(entity, P.openLibrary).find((olid) => /^OL\d+W$/.test(olid)),
            isbn13: values(entity, P.isbn13)[0]?.replaceAll("-", ""),
            wikidata: id,
          },
        };
        return book;
      });
    },
  };
}
