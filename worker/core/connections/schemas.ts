import { z } from "zod";
import {
  CONNECTION_MESSAGES,
  type ConnectionKind,
  CREATE_CONNECTION_FORM,
  EDIT_CONNECTION_FORMS,
  IMAGE_KINDS,
  type ImageField,
  imageMessages,
  listItems,
  readName,
  readText,
} from "../rules/index.ts";
import { flag, followRules } from "../validation.ts";

export { CONNECTION_MESSAGES, IMAGE_KINDS, type ImageField, imageMessages };

// Fields only normalise here, as the form's field kinds say (rules/text.ts); the form's shared rules then run in
// one ordered pass, so the first message is always the spec's rule, then the limits in form order.
const typed = z.union([z.string(), z.number()]).catch("");
const text = typed.transform((value) => readText(String(value)));
const name = typed.transform((value) => readName(String(value)));

/** Comma-separated text (forms) or an array (JSON clients). */
/** The kind stored: `other` when blank (API.md's default) and for text-only posts; the rules reject the rest. */
export const kindOf = (value: string, textOnly: boolean): ConnectionKind =>
  textOnly || !value ? "other" : (value as ConnectionKind);

const list = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .catch("")
  .transform(listItems);

/** A new connection (API.md "Create"): the spec's rule (both titles, or some context) first, then the limits. */
export const createConnectionSchema = z
  .object({
    movieTitle: name,
    bookTitle: name,
    context: text,
    /** The context gives something away: shown only behind "Show spoiler" (decision 032). */
    contextSpoiler: flag.transform(Boolean),
    kind: text,
    tags: list,
    movieGenres: list,
    movieDirector: name,
    movieActors: list,
    movieYear: text,
    movieSynopsis: text,
    bookGenres: list,
    bookAuthor: name,
    bookPublicationYear: text,
    bookIsbn: text,
    bookSynopsis: text,
    movieTmdbId: text,
    movieImdbId: text,
    movieWikidataId: text,
    bookOpenLibraryId: text,
    bookWikidataId: text,
  })
  .superRefine(followRules(CREATE_CONNECTION_FORM))
  .transform(({ movieTmdbId, movieImdbId, movieWikidataId, bookOpenLibraryId, bookWikidataId, ...input }) => ({
    ...input,
    movieYear: input.movieYear ? Number(input.movieYear) : null,
    bookPublicationYear: input.bookPublicationYear ? Number(input.bookPublicationYear) : null,
    movieExternalIds: {
      // Digits name one TMDB id however many zeros lead them.
      tmdb: movieTmdbId ? String(Number(movieTmdbId)) : null,
      imdb: movieImdbId || null,
      wikidata: movieWikidataId || null,
    },
    bookExternalIds: { openLibrary: bookOpenLibraryId || null, wikidata: bookWikidataId || null },
  }));

/** API.md batch: `{connectionIds: string[]}`. */
export const connectionIdsSchema = z.object({
  connectionIds: z.array(z.string({ error: CONNECTION_MESSAGES.batchIds }), { error: CONNECTION_MESSAGES.batchIds }),
});

export type CreateConnectionInput = z.output<typeof createConnectionSchema>;

/**
 * An edit (API.md "Update"): titles are read-only; absent fields keep their value (the caller fills in the
 * current context, which a text-only post cannot lose).
 */
export const updateConnectionSchema = (textOnly: boolean) =>
  z
    .object({
      context: text,
      /** Absent keeps the connection's setting. */
      contextSpoiler: flag,
      kind: text.optional(),
      tags: list.optional(),
      bookAuthor: name.optional(),
      removeScreenshot: flag.transform(Boolean),
    })
    .superRefine(followRules(textOnly ? EDIT_CONNECTION_FORMS.textOnly : EDIT_CONNECTION_FORMS.full));
