import {
  CONNECTION_LIMITS,
  type ImageField,
  image,
  list,
  NEED_TITLES_OR_CONTEXT,
  tooLong,
  year,
} from "./connections.ts";
import { externalIdRule } from "./external-ids.ts";
import { type FormRules, pairOr } from "./forms.ts";
import { kindRule } from "./kinds.ts";

const { title, name, context, synopsis, isbn } = CONNECTION_LIMITS;

type CreateField =
  | "movieTitle"
  | "bookTitle"
  | "context"
  | "kind"
  | "tags"
  | "movieGenres"
  | "movieDirector"
  | "movieActors"
  | "movieYear"
  | "movieSynopsis"
  | "movieTmdbId"
  | "movieImdbId"
  | "movieWikidataId"
  | "bookGenres"
  | "bookAuthor"
  | "bookPublicationYear"
  | "bookIsbn"
  | "bookSynopsis"
  | "bookOpenLibraryId"
  | "bookWikidataId"
  | ImageField;

/**
 * A new connection (SPEC.md §5): both titles, or some context, first; then the limits and the external ids'
 * shapes in form order; then the images, which the server judges again by their bytes. `bookIsbn` is any text
 * up to its limit (an ISBN that does not check out is kept as typed; decision 019).
 */
export const CREATE_CONNECTION_FORM: FormRules<CreateField> = {
  fields: {
    movieTitle: "name",
    bookTitle: "name",
    context: "text",
    kind: "text",
    tags: "list",
    movieGenres: "list",
    movieDirector: "name",
    movieActors: "list",
    movieYear: "text",
    movieSynopsis: "text",
    movieTmdbId: "text",
    movieImdbId: "text",
    movieWikidataId: "text",
    bookGenres: "list",
    bookAuthor: "name",
    bookPublicationYear: "text",
    bookIsbn: "text",
    bookSynopsis: "text",
    bookOpenLibraryId: "text",
    bookWikidataId: "text",
    moviePoster: "file",
    bookCover: "file",
    screenshot: "file",
  },
  rules: [
    pairOr(["movieTitle", "bookTitle"], "context", NEED_TITLES_OR_CONTEXT),
    tooLong("movieTitle", "Movie title", title),
    tooLong("bookTitle", "Book title", title),
    tooLong("context", "Context", context),
    kindRule("kind"),
    ...list("tags", "Tags"),
    ...list("movieGenres", "Movie genres"),
    tooLong("movieDirector", "Director", name),
    ...list("movieActors", "Actors"),
    year("movieYear", "Movie year"),
    tooLong("movieSynopsis", "Movie synopsis", synopsis),
    externalIdRule("movieTmdbId", "tmdb"),
    externalIdRule("movieImdbId", "imdb"),
    externalIdRule("movieWikidataId", "wikidata"),
    ...list("bookGenres", "Book genres"),
    tooLong("bookAuthor", "Book author", name),
    year("bookPublicationYear", "Publication year"),
    tooLong("bookIsbn", "ISBN", isbn),
    tooLong("bookSynopsis", "Book synopsis", synopsis),
    externalIdRule("bookOpenLibraryId", "openLibrary"),
    externalIdRule("bookWikidataId", "wikidata"),
    ...image("moviePoster"),
    ...image("bookCover"),
    ...image("screenshot"),
  ],
};
