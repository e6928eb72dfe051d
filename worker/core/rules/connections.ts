import {
  atMost,
  type FormRules,
  imageRules,
  listAtMost,
  listItemsAtMost,
  pairOr,
  required,
  yearBetween,
} from "./forms.ts";

export const NEED_TITLES_OR_CONTEXT =
  "Please provide either BOTH Movie Title and Book Title (for a full connection), OR enter some text in the Context field (for a text-only post).";

/** Limits the spec leaves open (docs/decisions/006): generous for people, bounded for the database. */
export const CONNECTION_LIMITS = {
  title: 200,
  name: 200,
  context: 5000,
  synopsis: 2000,
  listItems: 20,
  listItem: 100,
  isbn: 20,
  yearMin: 1000,
  yearMax: 2100,
} as const;

export const IMAGE_KINDS = { moviePoster: "movie poster", bookCover: "book cover", screenshot: "screenshot" } as const;
export type ImageField = keyof typeof IMAGE_KINDS;

export function imageMessages(kind: string) {
  return {
    invalidType: `Invalid file type for ${kind}. Please upload: image/png, image/jpeg, image/gif.`,
    tooLarge: `File for ${kind} is too large. Maximum size is 5MB.`,
  };
}

const { title, name, context, synopsis, listItems, listItem, isbn, yearMin, yearMax } = CONNECTION_LIMITS;
const tooLong = <Name extends string>(field: Name, label: string, max: number) =>
  atMost(field, max, `${label} cannot be more than ${max} characters long.`);
const list = <Name extends string>(field: Name, label: string) => [
  listAtMost(field, listItems, `${label}: at most ${listItems} entries.`),
  listItemsAtMost(field, listItem, `${label}: each entry can be at most ${listItem} characters long.`),
];
const year = <Name extends string>(field: Name, label: string) =>
  yearBetween(field, yearMin, yearMax, `${label} must be a year between ${yearMin} and ${yearMax}.`);
const image = <Name extends ImageField>(field: Name) => imageRules(field, imageMessages(IMAGE_KINDS[field]));

type CreateField =
  | "movieTitle"
  | "bookTitle"
  | "context"
  | "tags"
  | "movieGenres"
  | "movieDirector"
  | "movieActors"
  | "movieYear"
  | "movieSynopsis"
  | "bookGenres"
  | "bookAuthor"
  | "bookPublicationYear"
  | "bookIsbn"
  | "bookSynopsis"
  | ImageField;

/**
 * A new connection (SPEC.md §5): both titles, or some context, first; then the limits in form order; then the
 * images, which the server judges again by their bytes.
 */
export const CREATE_CONNECTION_FORM: FormRules<CreateField> = {
  fields: {
    movieTitle: "text",
    bookTitle: "text",
    context: "text",
    tags: "list",
    movieGenres: "list",
    movieDirector: "text",
    movieActors: "list",
    movieYear: "text",
    movieSynopsis: "text",
    bookGenres: "list",
    bookAuthor: "text",
    bookPublicationYear: "text",
    bookIsbn: "text",
    bookSynopsis: "text",
    moviePoster: "file",
    bookCover: "file",
    screenshot: "file",
  },
  rules: [
    pairOr(["movieTitle", "bookTitle"], "context", NEED_TITLES_OR_CONTEXT),
    tooLong("movieTitle", "Movie title", title),
    tooLong("bookTitle", "Book title", title),
    tooLong("context", "Context", context),
    ...list("tags", "Tags"),
    ...list("movieGenres", "Movie genres"),
    tooLong("movieDirector", "Director", name),
    ...list("movieActors", "Actors"),
    year("movieYear", "Movie year"),
    tooLong("movieSynopsis", "Movie synopsis", synopsis),
    ...list("bookGenres", "Book genres"),
    tooLong("bookAuthor", "Book author", name),
    year("bookPublicationYear", "Publication year"),
    tooLong("bookIsbn", "ISBN", isbn),
    tooLong("bookSynopsis", "Book synopsis", synopsis),
    ...image("moviePoster"),
    ...image("bookCover"),
    ...image("screenshot"),
  ],
};

type EditField = "context" | "tags" | "bookAuthor" | "screenshot";

const editRules = (textOnly: boolean): FormRules<EditField> => ({
  fields: { context: "text", tags: "list", bookAuthor: "text", screenshot: "file" },
  rules: [
    tooLong("context", "Context", context),
    ...list("tags", "Tags"),
    tooLong("bookAuthor", "Book author", name),
    // A text-only post is its context: it cannot be emptied.
    ...(textOnly ? [required<EditField>(["context"], NEED_TITLES_OR_CONTEXT)] : []),
    ...image("screenshot"),
  ],
});

/** An edit (SPEC.md §5): titles are read-only; a text-only post keeps some context. */
export const EDIT_CONNECTION_FORMS = { full: editRules(false), textOnly: editRules(true) } as const;
