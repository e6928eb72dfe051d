import type { ConnectionView } from "../worker/core/connections/index.ts";
import { shortened } from "../worker/core/rules/characters.ts";
import { connectionTitle, memberName } from "../worker/core/rules/names.ts";
import { quotableContext } from "../worker/core/rules/spoilers.ts";

/**
 * schema.org data for the detail pages, rendered as JSON-LD by `pageMeta` (React Router escapes `<`, `>` and `&`
 * inside the script, so no text a member wrote can end it). Built only from what the page itself shows the
 * viewer: a hidden page has no meta at all.
 */

type Thing = Record<string, unknown>;
type MovieData = NonNullable<ConnectionView["movieRef"]>;
type BookData = NonNullable<ConnectionView["bookRef"]>;

const CONTEXT = "https://schema.org";

/** Google shows at most 110 characters of a headline. */
const HEADLINE_MAX = 110;

/** The object without its empty fields (no "", [], null or undefined), so consumers see absent facts as absent. */
function compact(thing: Thing): Thing {
  return Object.fromEntries(
    Object.entries(thing).filter(
      ([, value]) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && !value.length),
    ),
  );
}

const person = (name: string, url?: string) => compact({ "@type": "Person", name, url });

/** A year alone is a valid ISO 8601 date. */
const year = (value: number | null) => (value ? String(value) : undefined);

function movieThing(movie: MovieData, origin: string): Thing {
  const url = `${origin}/movies/${movie._id}`;
  return compact({
    "@type": "Movie",
    "@id": url,
    url,
    name: movie.title,
    dateCreated: year(movie.year),
    director: movie.director ? person(movie.director) : undefined,
    actor: movie.actors.map((actor) => person(actor)),
    genre: movie.genres,
    description: movie.synopsis,
    image: movie.posterPath,
  });
}

function bookThing(book: BookData, origin: string): Thing {
  const url = `${origin}/books/${book._id}`;
  return compact({
    "@type": "Book",
    "@id": url,
    url,
    name: book.title,
    author: book.author ? person(book.author) : undefined,
    datePublished: year(book.publicationYear),
    isbn: book.isbn,
    genre: book.genres,
    description: book.synopsis,
    image: book.coverPath,
  });
}

/** A movie's page: the schema.org `Movie`. */
export function movieData(movie: MovieData, origin: string): Thing {
  return { "@context": CONTEXT, ...movieThing(movie, origin) };
}

/** A book's page: the schema.org `Book`. */
export function bookData(book: BookData, origin: string): Thing {
  return { "@context": CONTEXT, ...bookThing(book, origin) };
}

/** A count of what people did with the posting (likes, comments). */
const interactions = (action: "LikeAction" | "CommentAction", count: number) => ({
  "@type": "InteractionCounter",
  interactionType: `${CONTEXT}/${action}`,
  userInteractionCount: count,
});

/**
 * A connection's page: a `SocialMediaPosting` by its member (a `Person` with their profile), `about` its movie
 * and book, with its tags as keywords and its likes and comments as the viewer's page counts them.
 */
export function connectionData(connection: ConnectionView, origin: string): Thing {
  const url = `${origin}/connections/${connection._id}`;
  const { movieRef, bookRef, userRef } = connection;
  const title = connectionTitle(connection);
  return compact({
    "@context": CONTEXT,
    "@type": "SocialMediaPosting",
    "@id": url,
    url,
    mainEntityOfPage: url,
    headline: shortened(title, HEADLINE_MAX - 1),
    // A spoiler stays on the page, behind its "Show spoiler" (decision 032).
    text: quotableContext(connection),
    datePublished: connection.createdAt,
    dateModified: connection.updatedAt,
    author: person(memberName(userRef), `${origin}/users/${userRef._id}`),
    about: [movieRef && movieThing(movieRef, origin), bookRef && bookThing(bookRef, origin)].filter(Boolean),
    image: connectionImage(connection),
    keywords: connection.tags.join(", "),
    commentCount: connection.commentCount,
    interactionStatistic: [
      interactions("LikeAction", connection.likes.length),
      interactions("CommentAction", connection.commentCount),
    ],
  });
}

/**
 * The image a connection is previewed with: its screenshot (wide, from the film) when it has one, else the
 * poster, else the cover; null when it has none.
 */
export function connectionImage(connection: ConnectionView): string | null {
  return connection.screenshotUrl || connection.moviePosterUrl || connection.bookCoverUrl || null;
}
