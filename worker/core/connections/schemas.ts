import { z } from "zod";
import { listItems } from "../rules/index.ts";

/** SPEC.md §5 and API.md messages for posting and editing connections. */
export const CONNECTION_MESSAGES = {
  needTitlesOrContext:
    "Please provide either BOTH Movie Title and Book Title (for a full connection), OR enter some text in the Context field (for a text-only post).",
  invalidId: "Invalid Connection ID format",
  notFound: "Connection not found",
  notAuthorizedEdit: "You are not authorized to edit this connection.",
  notAuthorizedDelete: "You are not authorized to delete this connection.",
  deleted: "Connection deleted successfully",
} as const;

export const IMAGE_KINDS = { moviePoster: "movie poster", bookCover: "book cover", screenshot: "screenshot" } as const;
export type ImageField = keyof typeof IMAGE_KINDS;

export function imageMessages(kind: string) {
  return {
    invalidType: `Invalid file type for ${kind}. Please upload: image/png, image/jpeg, image/gif.`,
    tooLarge: `File for ${kind} is too large. Maximum size is 5MB.`,
  };
}

/** Limits the spec leaves open (docs/decisions/006): generous for people, bounded for the database. */
export const LIMITS = { title: 200, name: 200, context: 5000, synopsis: 2000, listItems: 20, listItem: 100, isbn: 20 };

// Fields only normalise here; every check runs in one ordered pass below, so the first message is always the
// spec's rule, then the limits in form order.
const text = z
  .union([z.string(), z.number()])
  .catch("")
  .transform((value) => String(value).trim());

/** Comma-separated text (forms) or an array (JSON clients). */
const list = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .catch("")
  .transform(listItems);

type Check = (ctx: z.RefinementCtx) => boolean;
const tooLong =
  (label: string, value: string, max: number): Check =>
  (ctx) => {
    if (value.length <= max) return true;
    ctx.addIssue({ code: "custom", message: `${label} cannot be more than ${max} characters long.` });
    return false;
  };
const badList =
  (label: string, items: string[]): Check =>
  (ctx) => {
    if (items.length > LIMITS.listItems) {
      ctx.addIssue({ code: "custom", message: `${label}: at most ${LIMITS.listItems} entries.` });
      return false;
    }
    if (items.some((item) => item.length > LIMITS.listItem)) {
      ctx.addIssue({
        code: "custom",
        message: `${label}: each entry can be at most ${LIMITS.listItem} characters long.`,
      });
      return false;
    }
    return true;
  };
const badYear =
  (label: string, value: string): Check =>
  (ctx) => {
    if (value === "" || (/^\d{1,4}$/.test(value) && Number(value) >= 1000 && Number(value) <= 2100)) return true;
    ctx.addIssue({ code: "custom", message: `${label} must be a year between 1000 and 2100.` });
    return false;
  };

/** A new connection (API.md "Create"): the spec's rule (both titles, or some context) first, then the limits. */
export const createConnectionSchema = z
  .object({
    movieTitle: text,
    bookTitle: text,
    context: text,
    tags: list,
    movieGenres: list,
    movieDirector: text,
    movieActors: list,
    movieYear: text,
    movieSynopsis: text,
    bookGenres: list,
    bookAuthor: text,
    bookPublicationYear: text,
    bookIsbn: text,
    bookSynopsis: text,
  })
  .superRefine((input, ctx) => {
    if (!(input.movieTitle && input.bookTitle) && !input.context) {
      ctx.addIssue({ code: "custom", message: CONNECTION_MESSAGES.needTitlesOrContext });
      return;
    }
    const checks: Check[] = [
      tooLong("Movie title", input.movieTitle, LIMITS.title),
      tooLong("Book title", input.bookTitle, LIMITS.title),
      tooLong("Context", input.context, LIMITS.context),
      badList("Tags", input.tags),
      badList("Movie genres", input.movieGenres),
      tooLong("Director", input.movieDirector, LIMITS.name),
      badList("Actors", input.movieActors),
      badYear("Movie year", input.movieYear),
      tooLong("Movie synopsis", input.movieSynopsis, LIMITS.synopsis),
      badList("Book genres", input.bookGenres),
      tooLong("Book author", input.bookAuthor, LIMITS.name),
      badYear("Publication year", input.bookPublicationYear),
      tooLong("ISBN", input.bookIsbn, LIMITS.isbn),
      tooLong("Book synopsis", input.bookSynopsis, LIMITS.synopsis),
    ];
    checks.every((check) => check(ctx));
  })
  .transform((input) => ({
    ...input,
    movieYear: input.movieYear ? Number(input.movieYear) : null,
    bookPublicationYear: input.bookPublicationYear ? Number(input.bookPublicationYear) : null,
  }));

export type CreateConnectionInput = z.output<typeof createConnectionSchema>;

/** An edit (API.md "Update"): titles are read-only; absent fields keep their value. */
export const updateConnectionSchema = z
  .object({
    context: text.optional(),
    tags: list.optional(),
    bookAuthor: text.optional(),
    removeScreenshot: z
      .union([z.boolean(), z.string()])
      .optional()
      .catch(undefined)
      .transform((value) => value === true || value === "true" || value === "on" || value === "1"),
  })
  .superRefine((input, ctx) => {
    const checks: Check[] = [
      tooLong("Context", input.context ?? "", LIMITS.context),
      badList("Tags", input.tags ?? []),
      tooLong("Book author", input.bookAuthor ?? "", LIMITS.name),
    ];
    checks.every((check) => check(ctx));
  });
