import { z } from "zod";
import { getJson, type ProviderConfig } from "./providers.ts";
import type { BookSuggestion, LookupSource } from "./types.ts";

const RESULTS = 10;

// GET /search.json?title=…&fields=…: {numFound, start, docs: [{key: "/works/OL…W", title, author_name, …}]}
const searchAnswer = z.object({
  docs: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      author_name: z.array(z.string()).catch([]),
      first_publish_year: z.number().int().nullish().catch(null),
      cover_i: z.number().int().nullish().catch(null),
      isbn: z.array(z.string()).catch([]),
    }),
  ),
});

// GET /works/OL…W.json: the work's record; `covers` holds its cover ids (-1 marks a deleted one).
const workAnswer = z.object({ covers: z.array(z.number().int()).catch([]) });

const WORK_KEY = /^\/works\/(OL\d+W)$/;
const ISBN_13 = /^97[89]\d{10}$/;

/** A cover image by its cover id (size S, M or L), on the Covers API's host. */
export const coverUrl = (config: ProviderConfig, coverId: number, size: "M" | "L") =>
  `${config.openLibraryCovers}/b/id/${coverId}-${size}.jpg`;

/** A work's first cover id, for its cover when a member picks it (artwork.ts). */
export async function openLibraryWorkCover(config: ProviderConfig, workId: string, signal: AbortSignal) {
  const { covers } = workAnswer.parse(
    await getJson(new URL(`${config.openLibrary}/works/${workId}.json`), config, signal),
  );
  return covers.find((id) => id > 0) ?? null;
}

/**
 * Open Library (books, no key): one search by title, asking only for the fields shown, with the work's id and an
 * ISBN-13 of one of its editions.
 */
export function openLibrarySource(config: ProviderConfig): LookupSource {
  return {
    name: "openlibrary",
    handles: (type) => type === "book",
    async search(query, signal) {
      const url = new URL(`${config.openLibrary}/search.json`);
      url.searchParams.set("title", query.q);
      url.searchParams.set("fields", "key,title,author_name,first_publish_year,cover_i,isbn");
      url.searchParams.set("limit", String(RESULTS));
      const { docs } = searchAnswer.parse(await getJson(url, config, signal));
      return docs.map(
        (doc): BookSuggestion => ({
          source: "openlibrary",
          title: doc.title,
          year: doc.first_publish_year ?? null,
          author: doc.author_name[0] ?? "",
          coverUrl: doc.cover_i ? coverUrl(config, doc.cover_i, "M") : "",
          externalIds: {
            openLibrary: WORK_KEY.exec(doc.key)?.[1],
            isbn13: doc.isbn.find((isbn) => ISBN_13.test(isbn)),
          },
          genres: [],
        }),
      );
    },
  };
}
